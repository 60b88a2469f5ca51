import { nipFromSerial } from '@grain/shared';
import type { APIRequestContext } from '@playwright/test';

/**
 * Seeds the logistics screen through the API: a supplier, two recipients, a carrier, one purchase of wheat, a sale
 * without GMP, a sale that requires GMP and a third sale to redirect to, each allocated from the purchase.
 * Kilograms and minor units on the wire (snake_case).
 */
export interface LogisticsSeed {
  tag: string;
  qualityId: number;
  carrierId: number;
  carrierCode: string;
  supplierCode: string;
  recipientCode: string;
  purchaseId: number;
  purchaseNumber: string;
  saleId: number;
  saleNumber: string;
  gmpSaleId: number;
  gmpSaleNumber: string;
  otherSaleId: number;
  otherSaleNumber: string;
  overSaleId: number;
  overSaleNumber: string;
  /** A sale in EUR (235,00 €/t) on the PLN purchase: each side's deduction in its own currency. */
  eurSaleId: number;
  eurSaleNumber: string;
}

export interface TransportAnswer {
  id: number;
  status: string;
}

type Answer = Awaited<ReturnType<APIRequestContext['post']>>;

export async function ok<T>(response: Answer): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

// A valid NIP per contractor; each seed file has its own range of serials (shared nipFromSerial).
let nipSerial = Date.now() % 10_000_000;

async function contractor(api: APIRequestContext, code: string, name: string) {
  nipSerial += 1;
  const body = { code, name, nip: nipFromSerial(30_000_000 + nipSerial), accounting_method: 'VAT' };
  return (await ok<{ result: { id: number } }>(await api.post('/api/dictionary/contractor/create', { data: body })))
    .result.id;
}

export function contractBody(userId: number, qualityId: number, documentNumber: string, price: number, isGmp: boolean) {
  return {
    user_id: userId,
    document_number: documentNumber,
    currency: 'PLN',
    date_of_receipt_from: '2026-03-01',
    date_of_receipt_to: '2026-09-30',
    address: { city: 'Kutno', street: 'Polna', building_number: '7', post_code: '99-300' },
    raw_material_id: 1,
    cargo_quantity: 500_000,
    is_gmp: isGmp,
    main_cargo_option: { price, raw_material_quality_id: qualityId },
    contact_list: [],
  };
}

export async function sale(api: APIRequestContext, body: object, recipientId: number) {
  return (
    await ok<{ id: number }>(
      await api.post('/api/contract/create-sales', {
        data: { ...body, freight: 'CPT', sales_recipient_id: recipientId },
      }),
    )
  ).id;
}

export async function allocate(api: APIRequestContext, salesId: number, purchaseId: number, kg: number, note?: string) {
  await ok(
    await api.post(`/api/contract/allocate-contract/${salesId}`, {
      data: { purchase_id: purchaseId, cargo_quantity: kg, confirmation_note: note ?? null },
    }),
  );
}

export async function seedLogistics(api: APIRequestContext, tag: string): Promise<LogisticsSeed> {
  const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
  const qualities = await ok<{ list: { value: number }[] }>(await api.get('/api/cargo/get-all-quality-option/1'));
  const qualityId = qualities.list[0]!.value;
  const supplierCode = `DOS${tag}`;
  const recipientCode = `ODB${tag}`;
  const carrierCode = `PRZ${tag}`;
  const supplierId = await contractor(api, supplierCode, `Gospodarstwo Rolne ${tag}`);
  const recipientId = await contractor(api, recipientCode, `Młyn Zbożowy ${tag} Sp. z o.o.`);
  const otherRecipientId = await contractor(api, `ODC${tag}`, `Pasze Polskie ${tag} S.A.`);
  const carrierId = await contractor(api, carrierCode, `Trans-Pol ${tag}`);

  const purchaseNumber = `ZK/${tag}`;
  const purchase = await ok<{ id: number }>(
    await api.post('/api/contract/create-purchase', {
      data: {
        ...contractBody(me.id, qualityId, purchaseNumber, 85_000, false),
        cargo_quantity: 1_000_000,
        freight: 'FCA',
        purchase_supplier_id: supplierId,
      },
    }),
  );
  const saleNumber = `SP/${tag}`;
  const gmpSaleNumber = `SP/${tag}/G`;
  const otherSaleNumber = `SP/${tag}/R`;
  const saleId = await sale(api, contractBody(me.id, qualityId, saleNumber, 97_500, false), recipientId);
  const gmpSaleId = await sale(api, contractBody(me.id, qualityId, gmpSaleNumber, 99_000, true), recipientId);
  const otherSaleId = await sale(api, contractBody(me.id, qualityId, otherSaleNumber, 96_000, false), otherRecipientId);
  // A 25 t sale without tolerance, fully allocated, where 27 t unloaded pass its upper limit.
  const overSaleNumber = `SP/${tag}/N`;
  const overSaleId = await sale(
    api,
    { ...contractBody(me.id, qualityId, overSaleNumber, 96_500, false), cargo_quantity: 25_000 },
    otherRecipientId,
  );
  const eurSaleNumber = `SP/${tag}/E`;
  const eurSaleId = await sale(
    api,
    { ...contractBody(me.id, qualityId, eurSaleNumber, 23_500, false), currency: 'EUR' },
    otherRecipientId,
  );
  // Room for a dozen 25 t transports on the plain sale.
  await allocate(api, saleId, purchase.id, 400_000);
  await allocate(api, gmpSaleId, purchase.id, 150_000, 'Odbiorca zgodził się na towar bez GMP');
  await allocate(api, otherSaleId, purchase.id, 150_000);
  await allocate(api, overSaleId, purchase.id, 25_000);
  await allocate(api, eurSaleId, purchase.id, 100_000);
  return {
    tag,
    qualityId,
    carrierId,
    carrierCode,
    supplierCode,
    recipientCode,
    purchaseId: purchase.id,
    purchaseNumber,
    saleId,
    saleNumber,
    gmpSaleId,
    gmpSaleNumber,
    otherSaleId,
    otherSaleNumber,
    overSaleId,
    overSaleNumber,
    eurSaleId,
    eurSaleNumber,
  };
}

/** The driver and truck the tests type in; a seeded transport gets its own truck (no truck in two places). */
export function driverOf(tag: string) {
  return {
    registration_number: `WE ${tag}`,
    trailer_number: 'WE 6789P',
    driver_name: 'Jan Kierowca',
    phone_number: '600700800',
    driver_document_id: `DOC${tag}`,
  };
}

let seededTrucks = 0;
function seededDriver(tag: string) {
  seededTrucks += 1;
  const driver = driverOf(tag);
  return {
    ...driver,
    registration_number: `${driver.registration_number} ${seededTrucks}`,
    driver_document_id: `${driver.driver_document_id}-${seededTrucks}`,
  };
}

/** A transport of the seed's purchase to one of its sales; NEW through create, ON_THE_WAY through in-progress-create. */
export async function seedTransport(
  api: APIRequestContext,
  seed: LogisticsSeed,
  options: { salesId?: number; onTheWay?: boolean; withDriver?: boolean; extra?: Record<string, unknown> } = {},
): Promise<TransportAnswer> {
  const withDriver = options.withDriver ?? options.onTheWay ?? false;
  const path = options.onTheWay ? '/api/transport/in-progress-create' : '/api/transport/create';
  return ok<TransportAnswer>(
    await api.post(path, {
      data: {
        purchase_id: seed.purchaseId,
        sales_id: options.salesId ?? seed.saleId,
        carrier_id: seed.carrierId,
        ...(withDriver ? seededDriver(seed.tag) : {}),
        cargo_quantity: 25_000,
        price_per_ton: 15_000,
        currency: 'PLN',
        date_loading: '2026-04-02',
        date_unloading: '2026-04-04',
        ...options.extra,
      },
    }),
  );
}

export async function deliverTransport(api: APIRequestContext, id: number, qualityId: number, realKg = 24_540) {
  return ok<TransportAnswer>(
    await api.patch(`/api/transport/set-status-delivered/${id}`, {
      data: {
        unloading_date: '2026-04-04',
        real_cargo_quality_id: qualityId,
        real_cargo_price: 85_000,
        real_cargo_quantity: realKg,
        deductions: 12_000,
        details: 'Wilgotność 14,2%',
      },
    }),
  );
}
