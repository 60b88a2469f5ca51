import { type Currency, lineValue, RATE_SCALE } from '@grain/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client.js';
import { transactionCopies, transportCopies } from '../../db/copies.js';
import { allocations, transactions, transports, unloadings } from '../../db/schema.js';
import {
  type ContractFixture,
  firstQualityOf,
  insertAllocation,
  insertContract,
  insertContractor,
} from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

/**
 * A delivered transport written straight into the database with what the delivery call produces (RULES.md
 * Transports, Delivered): one unloading and three TO_SETTLEMENT transactions, PURCHASE (supplier, purchase contract
 * price, real price from the unloading), SALES (recipient, sales contract price) and TRANSPORT (carrier, price per
 * tonne), planned figures from the contracts and the transport, real ones from the unloading.
 */
export interface DeliveryOptions {
  /** Existing contracts to deliver on; new ones (with their own supplier and recipient) otherwise. */
  purchaseId?: number;
  salesId?: number;
  purchase?: Omit<ContractFixture, 'type'>;
  sale?: Omit<ContractFixture, 'type'>;
  carrierId?: number;
  plannedKg?: number;
  realKg?: number;
  /** The unloading's real cargo price (minor per tonne); the purchase contract price otherwise. */
  realPrice?: number;
  realQualityId?: number;
  transportPrice?: number;
  transportCurrency?: Currency;
  /** The purchase side's free deduction: on the unloading and the PURCHASE row only (RULES.md Invoices). */
  purchaseDeductions?: number;
  details?: string | null;
  registrationNumber?: string;
  trailerNumber?: string | null;
  dateLoading?: string;
  unloadingDate?: string;
}

async function contractOf(db: Db, type: 'PURCHASE' | 'SALES', id: number | undefined, values: object = {}) {
  if (id) {
    const row = await db.query.contracts.findFirst({ where: (c, { eq: equals }) => equals(c.id, id) });
    return row!;
  }
  return insertContract(db, { ...values, type });
}

async function ensureAllocation(db: Db, purchaseId: number, salesId: number) {
  const [existing] = await db
    .select({ id: allocations.id })
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), eq(allocations.salesId, salesId)));
  if (!existing) await insertAllocation(db, purchaseId, salesId, 100_000);
}

let vehicle = 0;

export async function insertDeliveredTransport(db: Db, options: DeliveryOptions = {}) {
  vehicle += 1;
  const purchase = await contractOf(db, 'PURCHASE', options.purchaseId, options.purchase);
  const sale = await contractOf(db, 'SALES', options.salesId, options.sale);
  const carrierId = options.carrierId ?? (await insertContractor(db)).id;
  await ensureAllocation(db, purchase.id, sale.id);
  const plannedKg = options.plannedKg ?? 25_000;
  const realKg = options.realKg ?? 24_537;
  const realQualityId = options.realQualityId ?? (await firstQualityOf(db, purchase.rawMaterialId));
  const transportPrice = options.transportPrice ?? 15_000;
  const dateLoading = options.dateLoading ?? '2026-03-02';
  const unloadingDate = options.unloadingDate ?? '2026-03-04';

  const [transport] = await db
    .insert(transports)
    .values({
      purchaseId: purchase.id,
      salesId: sale.id,
      status: 'DELIVERED',
      registrationNumber: options.registrationNumber ?? `PO ${String(10_000 + vehicle)}`,
      trailerNumber: options.trailerNumber === undefined ? `PO ${String(50_000 + vehicle)}` : options.trailerNumber,
      carrierId,
      driverName: 'Jan Kierowca',
      phoneNumber: '600 700 800',
      driverDocumentId: 'ABC123456',
      cargoQuantityKg: plannedKg,
      pricePerTon: transportPrice,
      currency: options.transportCurrency ?? 'PLN',
      dateLoading,
      dateUnloading: unloadingDate,
      unloadingDate,
      realCargoQuantityKg: realKg,
      ...transportCopies({ purchaseId: purchase.id, salesId: sale.id, carrierId }),
    })
    .returning();
  const [unloading] = await db
    .insert(unloadings)
    .values({
      transportId: transport!.id,
      unloadingDate,
      realCargoQuantityKg: realKg,
      realCargoPrice: options.realPrice ?? purchase.price,
      realCargoQualityId: realQualityId,
      purchaseDeductions: options.purchaseDeductions ?? 0,
      details: options.details === undefined ? 'Wilgotność 14,2 %' : options.details,
    })
    .returning();
  await db.execute(
    sql`update contracts set delivered_kg = delivered_kg + ${realKg} where id in (${purchase.id}, ${sale.id})`,
  );

  const contractorsById = await accountingMethods(db, [purchase.counterpartyId, sale.counterpartyId, carrierId]);
  const common = {
    transportId: transport!.id,
    unloadingId: unloading!.id,
    plannedQuantityKg: plannedKg,
    realQuantityKg: realKg,
    realQualityId,
    details: unloading!.details,
    dateLoading,
    dateUnloading: unloadingDate,
  };
  const line = (kind: 'PURCHASE' | 'SALES' | 'TRANSPORT', values: LineValues) => ({
    ...common,
    ...transactionCopies({ kind, ...values, transportId: transport!.id }),
    kind,
    contractId: values.contractId,
    contractorId: values.contractorId,
    currency: values.currency,
    exchangeRate: values.currency === 'PLN' ? RATE_SCALE : null,
    plannedQualityId: values.plannedQualityId,
    plannedPrice: values.plannedPrice,
    realPrice: values.realPrice,
    plannedValue: lineValue(plannedKg, values.plannedPrice),
    realValue: lineValue(realKg, values.realPrice),
    deductions: values.deductions ?? 0,
    accountingMethod: contractorsById.get(values.contractorId) ?? null,
  });
  const rows = await db
    .insert(transactions)
    .values([
      line('PURCHASE', {
        contractId: purchase.id,
        contractorId: purchase.counterpartyId,
        currency: purchase.currency,
        plannedQualityId: purchase.rawMaterialQualityId,
        plannedPrice: purchase.price,
        realPrice: unloading!.realCargoPrice,
        deductions: unloading!.purchaseDeductions ?? 0,
      }),
      line('SALES', {
        contractId: sale.id,
        contractorId: sale.counterpartyId,
        currency: sale.currency,
        plannedQualityId: sale.rawMaterialQualityId,
        plannedPrice: sale.price,
        realPrice: sale.price,
      }),
      line('TRANSPORT', {
        contractId: null,
        contractorId: carrierId,
        currency: transport!.currency,
        plannedQualityId: purchase.rawMaterialQualityId,
        plannedPrice: transportPrice,
        realPrice: transportPrice,
      }),
    ])
    .returning();
  const [purchaseTx, salesTx, transportTx] = rows;
  return {
    purchase,
    sale,
    carrierId,
    transport: transport!,
    unloading: unloading!,
    purchaseTx: purchaseTx!,
    salesTx: salesTx!,
    transportTx: transportTx!,
  };
}

interface LineValues {
  contractId: number | null;
  contractorId: number;
  currency: Currency;
  plannedQualityId: number;
  plannedPrice: number;
  realPrice: number;
  deductions?: number;
}

async function accountingMethods(db: Db, ids: number[]) {
  const rows = await db.query.contractors.findMany({
    where: (c, { inArray }) => inArray(c.id, ids),
    columns: { id: true, accountingMethod: true },
  });
  return new Map(rows.map((row) => [row.id, row.accountingMethod]));
}

export type Delivery = Awaited<ReturnType<typeof insertDeliveredTransport>>;

// --- The settlement calls as the tests make them ---

/** The settlement calls as the tests make them: snake_case bodies, as on the wire. */
export type Body = Record<string, unknown>;

export const PATHS = {
  list: '/api/settlement/transaction-list',
  purchaseList: '/api/contract/settlement-purchase-list',
  salesList: '/api/contract/settlement-sales-list',
  purchaseInvoice: '/api/contract/settlement-set-purchase-invoice',
  salesInvoice: '/api/contract/settlement-set-sales-invoice',
  settlePurchase: '/api/contract/settlement-purchase',
  settleSales: '/api/contract/settlement-sales',
  settleTransport: '/api/contract/settlement-transport',
  split: '/api/contract/settlement-split',
  movePurchase: '/api/contract/settlement-reallocate-purchase',
  moveSales: '/api/contract/settlement-reallocate',
  bulkInvoice: '/api/contract/settlement-bulk-invoice',
  bulkSettle: '/api/contract/settlement-bulk-settle',
  export: '/api/contract/export-transaction-statement-to-excel',
} as const;

export function settlementApi(t: TestApp, token: () => string) {
  const post = (url: string, payload: Body, as = token()) => t.call({ method: 'POST', url, token: as, payload });
  const get = (url: string, query: Record<string, string>, as = token()) =>
    t.call({ method: 'GET', url: `${url}?${new URLSearchParams(query)}`, token: as });
  const invoice = (transactionId: number, extra: Body = {}) => ({
    transaction_id: transactionId,
    invoice_number: `FV/${transactionId}/2026`,
    invoice_date: '2026-03-10',
    payment_date: '2026-04-09',
    ...extra,
  });
  return {
    post,
    get,
    /** The statement (POST body). */
    list: (body: Body = {}) => post(PATHS.list, body),
    setPurchaseInvoice: (transactionId: number, extra: Body = {}) =>
      post(PATHS.purchaseInvoice, invoice(transactionId, extra)),
    setSalesInvoice: (transactionId: number, extra: Body = {}) =>
      post(PATHS.salesInvoice, invoice(transactionId, extra)),
    settle: (path: string, transactionId: number, extra: Body = {}) =>
      post(path, { transaction_id: transactionId, ...extra }),
    split: (transactionId: number, quantity: number) => post(PATHS.split, { transaction_id: transactionId, quantity }),
  };
}

export function codeOf(response: LightMyRequestResponse): string {
  return response.json().message_code;
}

/** Asserts a 200 and answers the JSON body (a failure shows the body). */
export function okJson(response: LightMyRequestResponse) {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json();
}
