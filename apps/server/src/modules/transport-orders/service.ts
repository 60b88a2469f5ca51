import {
  companyTodayIso,
  formatDate,
  formatTonnes,
  type TransportOrderInfoResponse,
  type TransportResponse,
  transportOrderNumber,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { renderPdf } from '../../lib/pdf/service.js';
import { enqueueMail } from '../mail/service.js';
import { readCompanySettings } from '../settings/service.js';
import { loadTransport } from '../transports/service/index.js';
import { freightOf, freightPaymentTerm, transportOrderPdf } from './pdf.js';
import { type CarrierRow, getCarrier, getContractWindows, insertOrderSend, listOrderSends } from './queries.js';

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

/** Where the order goes: the carrier's own e-mail, else its first contact's. */
const carrierEmailOf = (carrier: CarrierRow) => carrier.email || carrier.contactEmail || null;

/** A contractor as the order names it: name (code), address, NIP, e-mail (its own or its first contact's), phone. */
function partyOfOrder(carrier: CarrierRow) {
  const street = [carrier.street, carrier.buildingNumber].filter(Boolean).join(' ');
  return {
    name: joined(carrier.name, carrier.code && `(${carrier.code})`).replace(', (', ' ('),
    address: joined(street, [carrier.postCode, carrier.city].filter(Boolean).join(' '), carrier.countryName) || '—',
    nip: carrier.nip,
    email: carrierEmailOf(carrier),
    phoneNumber: carrier.phoneNumber,
  };
}

async function loadOrder(db: Db, id: number) {
  const transport = await loadTransport(db, id);
  const company = await readCompanySettings(db);
  // The order's header is our company; an ADMIN fills it in on the settings screen first.
  if (!company.configured) throw new AppError('COMPANY_NOT_EXIST');
  const carrier = await getCarrier(db, transport.carrierId);
  if (!carrier) throw new AppError('PURCHASE_SUPPLIER_NOT_FOUND');
  const orderNumber = transportOrderNumber(transport.id, transport.createdAt);
  return { transport, company, carrier, orderNumber };
}

/** The supplier (loads) and the recipient (unloads) with their contacts, and both contracts' delivery windows. */
async function partiesOf(db: Db, transport: TransportResponse) {
  const [supplier, recipient, windows] = await Promise.all([
    getCarrier(db, transport.purchaseSupplier.contractorId),
    getCarrier(db, transport.salesRecipient.contractorId),
    getContractWindows(db, [transport.purchaseId, transport.salesId]),
  ]);
  const partyOr = (row: CarrierRow | null, side: { code: string; name: string | null }) =>
    row ? partyOfOrder(row) : { name: side.name ?? side.code, address: '—', nip: null, email: null, phoneNumber: null };
  return {
    loadingParty: partyOr(supplier, transport.purchaseSupplier),
    unloadingParty: partyOr(recipient, transport.salesRecipient),
    purchaseWindow: windows.get(transport.purchaseId) ?? null,
    salesWindow: windows.get(transport.salesId) ?? null,
  };
}

/**
 * Where the carrier's answer goes (Reply-To): the trader who sends the order, else the company's own address from
 * the settings; the mail itself comes from the no-reply sender (MAIL_FROM).
 */
export const replyToOf = (trader: { email: string | null }, company: { email: string | null }) =>
  trader.email || company.email || null;

export const orderFileName = (orderNumber: string) => `zlecenie-transportowe-${orderNumber.replaceAll('/', '-')}.pdf`;

/** The order's PDF, rendered off the event loop by the PDF service (EXPORT_ERROR when that fails). */
async function renderOrder(ctx: Ctx, id: number) {
  const order = await loadOrder(ctx.db, id);
  const document = transportOrderPdf({
    orderNumber: order.orderNumber,
    issuedOn: companyTodayIso(),
    company: order.company,
    trader: { name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(), email: ctx.user.email },
    carrier: partyOfOrder(order.carrier),
    ...(await partiesOf(ctx.db, order.transport)),
    transport: order.transport,
  });
  const { bytes, renderMs, cpuMs } = await renderPdf(document, ctx.log);
  return { ...order, pdf: bytes, timing: { renderMs, cpuMs } };
}

/** GET /transport/order-pdf/{id}: the transport order as a PDF file, with the time its render took. */
export async function getTransportOrderPdf(ctx: Ctx, id: number) {
  const { pdf, orderNumber, timing } = await renderOrder(ctx, id);
  return { fileName: orderFileName(orderNumber), pdf, timing };
}

async function orderInfo(db: Db, transport: TransportResponse, carrier: CarrierRow | null) {
  const sends = await listOrderSends(db, transport.id);
  const lastSentAt = sends[0]?.sentAt ?? null;
  const answer: TransportOrderInfoResponse = {
    transportId: transport.id,
    orderNumber: transportOrderNumber(transport.id, transport.createdAt),
    carrierEmail: carrier ? carrierEmailOf(carrier) : null,
    isChangedSinceSent: lastSentAt !== null && transport.updatedAt > lastSentAt,
    sends: sends.map((send) => ({
      id: send.id,
      recipient: send.recipient,
      orderNumber: send.orderNumber,
      sentAt: send.sentAt,
      sentByName: send.firstName ? `${send.firstName} ${send.lastName}` : null,
    })),
  };
  return answer;
}

/** GET /transport/order-info/{id}: the order number, the carrier's e-mail and every sending. */
export async function getTransportOrderInfo(ctx: Ctx, id: number): Promise<TransportOrderInfoResponse> {
  const transport = await loadTransport(ctx.db, id);
  return orderInfo(ctx.db, transport, await getCarrier(ctx.db, transport.carrierId));
}

function mailBody(
  orderNumber: string,
  transport: TransportResponse,
  company: { name: string; paymentTermDays: number },
) {
  const freight = freightOf(transport);
  return [
    'Dzień dobry,',
    '',
    `w załączeniu przesyłamy zlecenie transportowe nr ${orderNumber}.`,
    `Załadunek: ${formatDate(transport.dateLoading)}, ${transport.loadingAddressFull ?? '—'}`,
    `Rozładunek: ${formatDate(transport.dateUnloading)}, ${transport.unloadingAddressFull ?? '—'}`,
    `Ładunek: ${joined(transport.rawMaterial, transport.purchaseQualityTitle)}, ${formatTonnes(transport.cargoQuantity)}`,
    `Fracht: ${freight.rate}, wartość ${freight.value}`,
    `Termin płatności frachtu: ${freightPaymentTerm(company.paymentTermDays)}`,
    '',
    'Prosimy o potwierdzenie przyjęcia zlecenia odpowiedzią na tę wiadomość.',
    '',
    'Pozdrawiamy',
    company.name,
  ].join('\n');
}

/**
 * POST /transport/send-order/{id}: queues the order PDF to the carrier's e-mail through the outbox and records
 * the sending (audit + transport_order_sends). Re-sending is allowed: each call is one more sending, until the
 * truck is unloaded (RULES.md Transports: DELIVERED is final, the order is done; WRONG_STATUS). The PDF stays.
 */
export async function sendTransportOrder(ctx: Ctx, id: number): Promise<TransportOrderInfoResponse> {
  const { transport, company, carrier, orderNumber, pdf } = await renderOrder(ctx, id);
  if (transport.status === 'DELIVERED')
    throw new AppError('WRONG_STATUS', 'A delivered transport is not ordered again');
  const recipient = carrierEmailOf(carrier);
  if (!recipient) {
    throw new AppError('VALUE_IS_MISSING', 'The carrier has no e-mail', [{ field: 'carrier_email', code: V.required }]);
  }
  return withWriteTransaction(ctx.db, async (tx) => {
    const mailId = await enqueueMail(tx, {
      to: [recipient],
      subject: `Zlecenie transportowe ${orderNumber}`,
      body: mailBody(orderNumber, transport, company),
      replyTo: replyToOf(ctx.user, company),
      attachments: [{ filename: orderFileName(orderNumber), contentType: 'application/pdf', content: pdf }],
    });
    await insertOrderSend(tx, { transportId: id, recipient, orderNumber, sentBy: ctx.user.id, mailId });
    await audit(tx, ctx.user.id, 'transport', id, 'send_order', { orderNumber, recipient });
    return orderInfo(tx, transport, carrier);
  });
}
