import type { QualityTerm } from '@grain/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { allocations, contracts } from '../../db/schema.js';
import { type ContractFixture, insertAllocation, insertContract, insertContractor } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

/** Request bodies (snake_case, as on the wire) and seeded pairs shared by the transport tests. */
export type Body = Record<string, unknown>;

export interface Pair {
  purchaseId: number;
  salesId: number;
  carrierId: number;
  allocationId: number;
}

/** A purchase and a sale of 100 t wheat at 1 000,00 PLN/t, allocated `allocationKg` to each other, and a carrier. */
export async function seedPair(
  db: Db,
  options: {
    allocationKg?: number | null;
    purchase?: Partial<ContractFixture>;
    sale?: Partial<ContractFixture>;
  } = {},
): Promise<Pair> {
  const purchase = await insertContract(db, { type: 'PURCHASE', ...options.purchase });
  const sale = await insertContract(db, { type: 'SALES', ...options.sale });
  const carrier = await insertContractor(db, { name: 'Trans-Kurier', accountingMethod: 'VAT' });
  const allocationKg = options.allocationKg === undefined ? 100_000 : options.allocationKg;
  const allocation = allocationKg === null ? null : await insertAllocation(db, purchase.id, sale.id, allocationKg);
  return { purchaseId: purchase.id, salesId: sale.id, carrierId: carrier.id, allocationId: allocation?.id ?? 0 };
}

let vehicle = 0;

/**
 * A transport form with every ON_THE_WAY field filled in: 25 t at 150,00 PLN/t. Each body gets its own truck and
 * driver document, so that tests of other rules never meet "no truck in two places" (issue 17).
 */
export function transportBody(pair: Pair, overrides: Body = {}): Body {
  vehicle += 1;
  return {
    purchase_id: pair.purchaseId,
    sales_id: pair.salesId,
    carrier_id: pair.carrierId,
    registration_number: `PO ${10_000 + vehicle}`,
    trailer_number: 'PO 6789A',
    driver_name: 'Jan Kierowca',
    phone_number: '600 700 800',
    driver_document_id: `ABC${100_000 + vehicle}`,
    cargo_quantity: 25_000,
    price_per_ton: 15_000,
    currency: 'PLN',
    date_loading: '2026-03-02',
    date_unloading: '2026-03-04',
    is_gmp: false,
    gmp_number: null,
    comment: 'Rampa 3',
    confirmation_note: null,
    ...overrides,
  };
}

/** The redirect form of a 25 t transport at 175,00 PLN/t, unloading on 6 March (overrides win). */
export function redirectBody(transportId: number, newSalesId: number, overrides: Body = {}): Body {
  return {
    transport_id: transportId,
    new_sales_id: newSalesId,
    date_unloading: '2026-03-06',
    cargo_quantity: 25_000,
    price_per_ton: 17_500,
    comment: 'Przekierowany do Gdańska',
    confirmation_note: null,
    ...overrides,
  };
}

/** Calls of the transport API with one caller's token. */
export function transportApi(t: TestApp, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body) =>
    t.call({ method, url: `/api/transport/${url}`, token: token(), ...(payload ? { payload } : {}) });
  return {
    call,
    create: (body: Body) => call('POST', 'create', body),
    createOnTheWay: (body: Body) => call('POST', 'in-progress-create', body),
    update: (id: number, body: Body) => call('PUT', `update/${id}`, body),
    remove: (id: number) => call('DELETE', `remove/${id}`),
    details: (id: number) => call('GET', `details/${id}`),
    setStatus: (id: number, status: string) => call('PATCH', 'update-status', { transport_id: id, status }),
    deliver: (id: number, body: Body) => call('PATCH', `set-status-delivered/${id}`, body),
    canBeSetOnTheWay: (id: number) => call('GET', `check-if-can-be-set-on-the-way/${id}`),
    reallocate: (body: Body) => call('PATCH', 'reallocate', body),
    list: (body: Body) => call('POST', 'list', body),
    /** Creates and answers the new transport's id, failing loudly when the create is refused. */
    async createId(body: Body, onTheWay = false): Promise<number> {
      const response = await call('POST', onTheWay ? 'in-progress-create' : 'create', body);
      if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
      return response.json().id;
    },
  };
}

/** The delivered form: 24.5 t arrived at 1 010,50 PLN/t. */
export function deliveredBody(overrides: Body = {}): Body {
  return {
    unloading_date: '2026-03-05',
    real_cargo_quality_id: null,
    real_cargo_price: 101_050,
    real_cargo_quantity: 24_500,
    deductions: 1_250,
    details: 'Wilgotność 14,8%',
    ...overrides,
  };
}

export interface PairFigures {
  allocation: { quantityKg: number; inDeliveryKg: number; inDeliveryCount: number; deliveredKg: number } | null;
  purchase: { allocatedKg: number; inDeliveryKg: number; inDeliveryCount: number; deliveredKg: number };
  sale: { allocatedKg: number; inDeliveryKg: number; inDeliveryCount: number; deliveredKg: number };
}

const counterColumns = {
  id: contracts.id,
  allocatedKg: contracts.allocatedKg,
  inDeliveryKg: contracts.inDeliveryKg,
  inDeliveryCount: contracts.inDeliveryCount,
  deliveredKg: contracts.deliveredKg,
};

/** The derived values the transport service keeps on the pair's allocation and both contracts. */
export async function pairFigures(db: Db, purchaseId: number, salesId: number): Promise<PairFigures> {
  const rows = await db
    .select(counterColumns)
    .from(contracts)
    .where(inArray(contracts.id, [purchaseId, salesId]));
  const [allocation] = await db
    .select({
      quantityKg: allocations.quantityKg,
      inDeliveryKg: allocations.inDeliveryKg,
      inDeliveryCount: allocations.inDeliveryCount,
      deliveredKg: allocations.deliveredKg,
    })
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), eq(allocations.salesId, salesId)));
  const pick = (id: number) => {
    const { id: _id, ...figures } = rows.find((row) => row.id === id)!;
    return figures;
  };
  return { allocation: allocation ?? null, purchase: pick(purchaseId), sale: pick(salesId) };
}

/** Counters as one line per row, for compact expectations: [allocated/quantity, inDelivery, count, delivered]. */
export async function figureLines(db: Db, purchaseId: number, salesId: number) {
  const figures = await pairFigures(db, purchaseId, salesId);
  const line = (row: { inDeliveryKg: number; inDeliveryCount: number; deliveredKg: number } | null, kg: number) =>
    row ? [kg, row.inDeliveryKg, row.inDeliveryCount, row.deliveredKg] : null;
  return {
    allocation: line(figures.allocation, figures.allocation?.quantityKg ?? 0),
    purchase: line(figures.purchase, figures.purchase.allocatedKg),
    sale: line(figures.sale, figures.sale.allocatedKg),
  };
}

/** Issue 16 test terms: moisture shrink over 14,5 % (rejected above 19 %). */
export const moistureTerm: QualityTerm = {
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1450,
  rejectionLimit: 1900,
  handlingPercent: 0,
  step: null,
  discountPerStep: null,
  premiumPerStep: null,
  isStepped: false,
};
/** Protein under 12,5 %: 2,00 zł/t off per 0,1 %, stepped (rejected below 10,5 %). */
export const proteinTerm: QualityTerm = {
  ...moistureTerm,
  parameter: 'Białko',
  rule: 'PRICE',
  direction: 'MIN',
  basis: 1250,
  rejectionLimit: 1050,
  handlingPercent: null,
  step: 10,
  discountPerStep: 200,
  isStepped: true,
};
