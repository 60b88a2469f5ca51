import {
  type CorrectWeighbridgeTicketRequest,
  type CreateWeighbridgeTicketRequest,
  companyTodayIso,
  isTareAboveGross,
  type TicketPrintLayout,
  TRANSIT_TOLERANCE_BP_DEFAULT,
  type TransportTicketsResponse,
  transitDifference,
  V,
  WEIGHBRIDGE_TICKET_SERIES_DEFAULT,
  type WeighbridgeTicket,
  type WeighRequest,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { assigned, audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, validationError } from '../../../lib/errors.js';
import { renderPdf } from '../../../lib/pdf/service.js';
import { nextInvoiceNumber } from '../../invoices/service.js';
import { readCompanySettings } from '../../settings/service.js';
import { ticketPdf } from './pdf.js';
import * as q from './queries.js';
import type { ScaleSource } from './scale-source.js';

const CLOSED_TRANSPORT_STATUSES = new Set(['DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED']);
const ENTITY = 'weighbridge_ticket';

type Row = Awaited<ReturnType<typeof q.ticketsWhere>>[number];

function toTicket({ ticket, correctsTicketNumber }: Row): WeighbridgeTicket {
  const { operatorId: _operator, ...fields } = ticket;
  return { ...fields, correctsTicketNumber };
}

export async function ticketDetails(db: Db, id: number): Promise<WeighbridgeTicket> {
  const [row] = await q.ticketsWhere(db, { id });
  if (!row) throw new AppError('WEIGHBRIDGE_TICKET_NOT_FOUND');
  return toTicket(row);
}

/** CONTRIBUTING.md Weighbridge: the tickets' own gapless series (the invoices' counter, held to the commit). */
async function nextTicketNumber(tx: Db, day: string): Promise<string> {
  const company = await readCompanySettings(tx);
  return nextInvoiceNumber(tx, company.weighbridgeTicketSeries ?? WEIGHBRIDGE_TICKET_SERIES_DEFAULT, day);
}

const operatorName = (ctx: Ctx) => `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email;

/** The transport, locked; refused when missing or closed (no ticket is weighed for a finished transport). */
async function lockOpenTransport(tx: Db, id: number) {
  const transport = await q.lockTransport(tx, id);
  if (!transport) throw new AppError('TRANSPORT_NOT_FOUND', undefined, [{ field: 'transport_id', code: V.chooseItem }]);
  if (CLOSED_TRANSPORT_STATUSES.has(transport.status)) {
    throw new AppError('TRANSPORT_CLOSED', undefined, [{ field: 'transport_id', code: V.oneOf }]);
  }
  return transport;
}

/** POST /weighbridge-ticket/create: an OPEN ticket for one side of a transport, numbered at once. */
export function createTicket(ctx: Ctx, scale: ScaleSource, input: CreateWeighbridgeTicketRequest) {
  return withWriteTransaction(ctx.db, async (tx) => {
    const transport = await lockOpenTransport(tx, input.transportId);
    if (await q.ticketInForce(tx, transport.id, input.side)) {
      throw new AppError('WEIGHBRIDGE_TICKET_EXISTS', undefined, [{ field: 'side', code: V.duplicateItem }]);
    }
    const registrationNumber = input.registrationNumber ?? transport.registrationNumber;
    if (!registrationNumber) throw validationError({ field: 'registration_number', code: V.required });
    const values = {
      number: await nextTicketNumber(tx, companyTodayIso()),
      transportId: transport.id,
      side: input.side,
      registrationNumber,
      driverName: input.driverName ?? transport.driverName,
      scaleName: scale.config.name,
      operatorId: ctx.user.id,
      operatorName: operatorName(ctx),
    };
    const id = await q.insertTicket(tx, values);
    await audit(tx, ctx.user.id, ENTITY, id, 'CREATE', assigned(values));
    return ticketDetails(tx, id);
  });
}

/**
 * Which weight a weighing takes: a truck is loaded between its two weighings on the loading side (empty first:
 * tare, then gross) and unloaded between them on the unloading side (gross first, then tare).
 */
function weightOf(side: q.TicketRow['side'], stage: 'in' | 'out'): 'gross' | 'tare' {
  return (side === 'LOADING') === (stage === 'in') ? 'tare' : 'gross';
}

function assertOpen(ticket: q.TicketRow | null): q.TicketRow {
  if (!ticket) throw new AppError('WEIGHBRIDGE_TICKET_NOT_FOUND');
  if (ticket.status !== 'OPEN') {
    throw new AppError('WEIGHBRIDGE_TICKET_CLOSED', undefined, [{ field: 'status', code: V.oneOf }]);
  }
  return ticket;
}

/** POST /weighbridge-ticket/weigh-in/:id and weigh-out/:id: a stable weight from the configured scale. */
export async function weighTicket(ctx: Ctx, scale: ScaleSource, id: number, stage: 'in' | 'out', input: WeighRequest) {
  // Refuse what can be refused before waiting for the scale, then read outside any transaction: a truck settling
  // on the bridge never holds a row lock.
  const before = assertOpen(await q.getTicket(ctx.db, id));
  const reading = await scale.read({ enteredKg: input.weightKg, field: 'weight_kg' });
  return withWriteTransaction(ctx.db, async (tx) => {
    await lockOpenTransport(tx, before.transportId);
    const ticket = assertOpen(await q.lockTicket(tx, id));
    const which = weightOf(ticket.side, stage);
    const grossKg = which === 'gross' ? reading.grossKg : ticket.grossKg;
    const tareKg = which === 'tare' ? reading.grossKg : ticket.tareKg;
    if (grossKg !== null && tareKg !== null && isTareAboveGross(grossKg, tareKg)) {
      throw new AppError('TARE_ABOVE_GROSS', undefined, [{ field: 'weight_kg', code: V.tooBig }]);
    }
    const values =
      which === 'gross'
        ? { grossKg: reading.grossKg, grossAt: reading.at, grossSource: reading.source }
        : { tareKg: reading.grossKg, tareAt: reading.at, tareSource: reading.source };
    await q.updateTicket(tx, id, values);
    await audit(tx, ctx.user.id, ENTITY, id, stage === 'in' ? 'WEIGH_IN' : 'WEIGH_OUT', values);
    return ticketDetails(tx, id);
  });
}

/** POST /weighbridge-ticket/close/:id: both weighings taken; from now on the ticket is never edited. */
export function closeTicket(ctx: Ctx, id: number) {
  return withWriteTransaction(ctx.db, async (tx) => {
    const before = assertOpen(await q.getTicket(tx, id));
    await lockOpenTransport(tx, before.transportId);
    const ticket = assertOpen(await q.lockTicket(tx, id));
    const missing = [ticket.grossKg === null ? 'gross_kg' : null, ticket.tareKg === null ? 'tare_kg' : null];
    const fields = missing.filter((field) => field !== null);
    if (fields.length) {
      throw new AppError(
        'WEIGHBRIDGE_TICKET_INCOMPLETE',
        undefined,
        fields.map((field) => ({ field, code: V.required })),
      );
    }
    const values = {
      status: 'CLOSED' as const,
      netKg: ticket.grossKg! - ticket.tareKg!,
      closedAt: new Date().toISOString(),
    };
    await q.updateTicket(tx, id, values);
    await audit(tx, ctx.user.id, ENTITY, id, 'CLOSE', { netKg: values.netKg });
    return ticketDetails(tx, id);
  });
}

/**
 * POST /weighbridge-ticket/correct/:id: a closed ticket stays as it was; a new closed ticket with the right
 * weights (typed, marked manual) cancels it, next number of the series, both kept and linked both ways.
 */
export function correctTicket(ctx: Ctx, id: number, input: CorrectWeighbridgeTicketRequest) {
  if (isTareAboveGross(input.grossKg, input.tareKg)) {
    throw new AppError('TARE_ABOVE_GROSS', undefined, [{ field: 'tare_kg', code: V.tooBig }]);
  }
  return withWriteTransaction(ctx.db, async (tx) => {
    const before = await q.getTicket(tx, id);
    if (!before) throw new AppError('WEIGHBRIDGE_TICKET_NOT_FOUND');
    await lockOpenTransport(tx, before.transportId);
    const old = (await q.lockTicket(tx, id))!;
    if (old.status !== 'CLOSED') {
      throw new AppError('WEIGHBRIDGE_TICKET_NOT_CLOSED', undefined, [{ field: 'status', code: V.oneOf }]);
    }
    // The old ticket leaves force first: one ticket in force per transport and side.
    await q.updateTicket(tx, id, { status: 'CANCELLED' });
    const now = new Date().toISOString();
    const values = {
      number: await nextTicketNumber(tx, companyTodayIso()),
      transportId: old.transportId,
      side: old.side,
      status: 'CLOSED' as const,
      registrationNumber: input.registrationNumber ?? old.registrationNumber,
      driverName: input.driverName ?? old.driverName,
      scaleName: old.scaleName,
      grossKg: input.grossKg,
      grossAt: now,
      grossSource: 'manual' as const,
      tareKg: input.tareKg,
      tareAt: now,
      tareSource: 'manual' as const,
      netKg: input.grossKg - input.tareKg,
      operatorId: ctx.user.id,
      operatorName: operatorName(ctx),
      closedAt: now,
      correctsTicketId: old.id,
      correctionReason: input.reason,
    };
    const newId = await q.insertTicket(tx, values);
    await q.updateTicket(tx, id, { cancelledByTicketId: newId });
    await audit(tx, ctx.user.id, ENTITY, id, 'CANCEL', {
      status: { from: 'CLOSED', to: 'CANCELLED' },
      cancelledBy: newId,
    });
    await audit(tx, ctx.user.id, ENTITY, newId, 'CORRECT', assigned(values));
    return ticketDetails(tx, newId);
  });
}

/** GET /weighbridge-ticket/list-by-transport/:id: the tickets and the transit difference (loading net - unloading net). */
export async function transportTickets(ctx: Ctx, transportId: number): Promise<TransportTicketsResponse> {
  if (!(await q.transportExists(ctx.db, transportId))) throw new AppError('TRANSPORT_NOT_FOUND');
  const tickets = (await q.ticketsWhere(ctx.db, { transportId })).map(toTicket);
  const toleranceBp = (await q.toleranceOfTransport(ctx.db, transportId)) ?? TRANSIT_TOLERANCE_BP_DEFAULT;
  const netOf = (side: WeighbridgeTicket['side']) =>
    tickets.find((ticket) => ticket.side === side && ticket.status === 'CLOSED')?.netKg ?? null;
  const loadingNetKg = netOf('LOADING');
  const unloadingNetKg = netOf('UNLOADING');
  const transit =
    loadingNetKg === null || unloadingNetKg === null
      ? null
      : transitDifference(loadingNetKg, unloadingNetKg, toleranceBp);
  return { tickets, loadingNetKg, unloadingNetKg, transit, toleranceBp };
}

/** POST /weighbridge-ticket/read-scale: a stable weight now, for the operator's display; nothing is written. */
export async function readScale(scale: ScaleSource, input: WeighRequest) {
  const reading = await scale.read({ enteredKg: input.weightKg, field: 'weight_kg' });
  return {
    scale: reading.scale,
    grossKg: reading.grossKg,
    isStable: reading.isStable,
    at: reading.at,
    source: reading.source,
  };
}

export function scaleInfo(scale: ScaleSource) {
  const { name, protocol, capacityKg, divisionKg } = scale.config;
  return { name, isManual: protocol === 'manual', capacityKg, divisionKg };
}

/** GET /weighbridge-ticket/pdf/:id: the ticket printed (A4, A5 or 80 mm), rendered off the event loop. */
export async function ticketPdfFile(ctx: Ctx, id: number, layout: TicketPrintLayout) {
  const ticket = await ticketDetails(ctx.db, id);
  const company = await readCompanySettings(ctx.db);
  const context = await q.printContextOf(ctx.db, ticket.transportId);
  const { bytes, renderMs, cpuMs } = await renderPdf(ticketPdf({ ticket, company, context, layout }), ctx.log);
  const fileName = `kwit-wagowy-${ticket.number.replaceAll('/', '-')}-${layout.toLowerCase()}.pdf`;
  return { fileName, pdf: bytes, timing: { renderMs, cpuMs } };
}
