import { nipFromSerial } from '@grain/shared';
import type { APIRequestContext } from '@playwright/test';

/**
 * Seeds a delivered transport through the API (there is no delivery screen yet): three contractors, a purchase
 * and a sale of wheat, an allocation, a transport on the way and its delivery, which creates the PURCHASE, SALES
 * and TRANSPORT transactions (RULES.md Transports, Delivered). Kilograms and minor units on the wire.
 */
export interface DeliveredSeed {
  userId: number;
  qualityId: number;
  supplierId: number;
  recipientId: number;
  supplierCode: string;
  recipientCode: string;
  carrierCode: string;
  carrierId: number;
  purchaseId: number;
  salesId: number;
  transportId: number;
  registrationNumber: string;
}

export interface SeedOptions {
  /** Makes codes and numbers unique per run. */
  tag: string;
  plannedKg?: number;
  realKg?: number;
  purchasePrice?: number;
  salesPrice?: number;
  transportPrice?: number;
  currency?: 'PLN' | 'EUR' | 'USD';
  /** The recipient's NIP; an invoiced one must fit FA(3)'s pattern (no leading zeros), which the seed's own may not. */
  recipientNip?: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

// A valid NIP per contractor; each seed file has its own range of serials (shared nipFromSerial).
let nipSerial = Date.now() % 10_000_000;

async function createContractor(
  api: APIRequestContext,
  code: string,
  name: string,
  accountingMethod: 'VAT' | 'RR',
  nip?: string,
) {
  nipSerial += 1;
  const body = { code, name, nip: nip ?? nipFromSerial(20_000_000 + nipSerial), accounting_method: accountingMethod };
  const answer = await ok<{ result: { id: number } }>(
    await api.post('/api/dictionary/contractor/create', { data: body }),
  );
  return answer.result.id;
}

export function contractBody(options: {
  userId: number;
  qualityId: number;
  price: number;
  currency: string;
  freight: 'FCA' | 'CPT';
  documentNumber: string;
}) {
  return {
    user_id: options.userId,
    document_number: options.documentNumber,
    currency: options.currency,
    freight: options.freight,
    date_of_receipt_from: '2026-03-01',
    date_of_receipt_to: '2026-06-30',
    address: { city: 'Kutno', street: 'Polna', building_number: '7', post_code: '99-300' },
    raw_material_id: 1,
    cargo_quantity: 200_000,
    main_cargo_option: { price: options.price, raw_material_quality_id: options.qualityId },
    contact_list: [],
  };
}

export async function seedDeliveredTransport(api: APIRequestContext, options: SeedOptions): Promise<DeliveredSeed> {
  const { tag } = options;
  const currency = options.currency ?? 'PLN';
  const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
  const qualities = await ok<{ list: { value: number; label: string }[] }>(
    await api.get('/api/cargo/get-all-quality-option/1'),
  );
  const qualityId = qualities.list[0]!.value;

  const supplierCode = `DOST${tag}`;
  const recipientCode = `ODB${tag}`;
  const carrierCode = `PRZEW${tag}`;
  const supplierId = await createContractor(api, supplierCode, `Gospodarstwo Rolne ${tag}`, 'RR');
  const recipientId = await createContractor(
    api,
    recipientCode,
    `Młyn Zbożowy ${tag} Sp. z o.o.`,
    'VAT',
    options.recipientNip,
  );
  const carrierId = await createContractor(api, carrierCode, `Trans-Pol ${tag}`, 'VAT');

  const purchase = await ok<{ id: number }>(
    await api.post('/api/contract/create-purchase', {
      data: {
        ...contractBody({
          userId: me.id,
          qualityId,
          price: options.purchasePrice ?? 85_000,
          currency,
          freight: 'FCA',
          documentNumber: `ZK/${tag}`,
        }),
        purchase_supplier_id: supplierId,
      },
    }),
  );
  const sale = await ok<{ id: number }>(
    await api.post('/api/contract/create-sales', {
      data: {
        ...contractBody({
          userId: me.id,
          qualityId,
          price: options.salesPrice ?? 97_500,
          currency,
          freight: 'CPT',
          documentNumber: `SP/${tag}`,
        }),
        sales_recipient_id: recipientId,
      },
    }),
  );
  await ok(
    await api.post(`/api/contract/allocate-contract/${sale.id}`, {
      data: { purchase_id: purchase.id, cargo_quantity: 100_000 },
    }),
  );

  const registrationNumber = `WE ${tag}`.slice(0, 12);
  const transport = await ok<{ id: number }>(
    await api.post('/api/transport/in-progress-create', {
      data: {
        purchase_id: purchase.id,
        sales_id: sale.id,
        carrier_id: carrierId,
        registration_number: registrationNumber,
        trailer_number: `WE ${tag}P`.slice(0, 12),
        driver_name: 'Jan Kierowca',
        phone_number: '600700800',
        driver_document_id: `DOC${tag}`,
        cargo_quantity: options.plannedKg ?? 25_000,
        price_per_ton: options.transportPrice ?? 15_000,
        currency: 'PLN',
        date_loading: '2026-03-02',
        date_unloading: '2026-03-04',
      },
    }),
  );
  await ok(
    await api.patch(`/api/transport/set-status-delivered/${transport.id}`, {
      data: {
        unloading_date: '2026-03-04',
        real_cargo_quality_id: qualityId,
        real_cargo_price: options.purchasePrice ?? 85_000,
        real_cargo_quantity: options.realKg ?? 24_540,
        deductions: 0,
        details: 'Wilgotność 14,2%',
      },
    }),
  );
  return {
    userId: me.id,
    qualityId,
    supplierId,
    recipientId,
    supplierCode,
    recipientCode,
    carrierCode,
    carrierId,
    purchaseId: purchase.id,
    salesId: sale.id,
    transportId: transport.id,
    registrationNumber,
  };
}
