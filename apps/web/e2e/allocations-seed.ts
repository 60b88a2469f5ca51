import { nipFromSerial } from '@grain/shared';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * Seeding for the allocation tests and screenshots, through the API in wire format (snake_case, kilograms,
 * minor units): contractors, purchase and sales contracts of wheat (raw material 1), allocations.
 */

async function ok<T>(response: APIResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

// A valid NIP per contractor; each seed file has its own range of serials (shared nipFromSerial).
let nipSerial = Date.now() % 10_000_000;

export async function createContractor(api: APIRequestContext, code: string, name: string): Promise<number> {
  nipSerial += 1;
  const body = { code, name, nip: nipFromSerial(40_000_000 + nipSerial), accounting_method: 'VAT' };
  const answer = await ok<{ result: { id: number } }>(
    await api.post('/api/dictionary/contractor/create', { data: body }),
  );
  return answer.result.id;
}

export interface ContractSeed {
  counterpartyId: number;
  documentNumber: string;
  quantityKg: number;
  priceMinor: number;
  isGmp?: boolean;
  isCert?: boolean;
  qualityIndex?: number;
  comments?: string;
  city?: string;
  street?: string;
  postCode?: string;
  dateFrom?: string;
  dateTo?: string;
  tolerancePercent?: number;
}

let context: { userId: number; qualityIds: number[] } | null = null;

async function seedContext(api: APIRequestContext) {
  if (context) return context;
  const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
  const qualities = await ok<{ list: { value: number }[] }>(await api.get('/api/cargo/get-all-quality-option/1'));
  context = { userId: me.id, qualityIds: qualities.list.map((option) => option.value) };
  return context;
}

export async function createContract(
  api: APIRequestContext,
  kind: 'purchase' | 'sales',
  seed: ContractSeed,
): Promise<{ id: number; documentNumber: string }> {
  const { userId, qualityIds } = await seedContext(api);
  const body: Record<string, unknown> = {
    user_id: userId,
    document_number: seed.documentNumber,
    currency: 'PLN',
    freight: kind === 'purchase' ? 'FCA' : 'CPT',
    is_gmp: seed.isGmp ?? false,
    is_cert: seed.isCert ?? false,
    date_of_receipt_from: seed.dateFrom ?? '2026-03-01',
    date_of_receipt_to: seed.dateTo ?? '2026-06-30',
    address: {
      city: seed.city ?? 'Kutno',
      street: seed.street ?? 'Polna',
      building_number: '7',
      post_code: seed.postCode ?? '99-300',
    },
    raw_material_id: 1,
    cargo_quantity: seed.quantityKg,
    main_cargo_option: {
      price: seed.priceMinor,
      raw_material_quality_id: qualityIds[seed.qualityIndex ?? 0] ?? qualityIds[0],
    },
    comments: seed.comments ?? null,
    contact_list: [],
    ...(seed.tolerancePercent
      ? {
          is_tolerance: true,
          tolerance_type: 'BUYER',
          tolerance_unit: 'PERCENT',
          tolerance_quantity: seed.tolerancePercent * 100,
        }
      : {}),
  };
  if (kind === 'purchase') body.purchase_supplier_id = seed.counterpartyId;
  else body.sales_recipient_id = seed.counterpartyId;
  const created = await ok<{ id: number; document_number: string }>(
    await api.post(`/api/contract/create-${kind}`, { data: body }),
  );
  return { id: created.id, documentNumber: created.document_number };
}

export async function allocate(
  api: APIRequestContext,
  salesId: number,
  purchaseId: number,
  quantityKg: number,
  note: string | null = null,
) {
  return ok(
    await api.post(`/api/contract/allocate-contract/${salesId}`, {
      data: { purchase_id: purchaseId, cargo_quantity: quantityKg, confirmation_note: note },
    }),
  );
}

/** A transport on the way for a pair, so the pair has something in delivery. */
export async function sendTransport(
  api: APIRequestContext,
  pair: { purchaseId: number; salesId: number; carrierId: number; quantityKg: number; tag: string },
) {
  return ok<{ id: number }>(
    await api.post('/api/transport/in-progress-create', {
      data: {
        purchase_id: pair.purchaseId,
        sales_id: pair.salesId,
        carrier_id: pair.carrierId,
        registration_number: `WE ${pair.tag}`.slice(0, 12),
        driver_name: 'Jan Kierowca',
        phone_number: '600700800',
        driver_document_id: `DOC${pair.tag}`,
        cargo_quantity: pair.quantityKg,
        price_per_ton: 15_000,
        currency: 'PLN',
        date_loading: '2026-03-02',
        date_unloading: '2026-03-04',
        // A sale that requires GMP takes a driver with GMP (RULES.md Transports).
        is_gmp: true,
        gmp_number: `GMP-${pair.tag}`,
      },
    }),
  );
}
