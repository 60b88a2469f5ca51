import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transportCopies } from '../../db/copies.js';
import { transports } from '../../db/schema.js';
import { insertContractor, mailboxOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

/** Request bodies (snake_case, as on the wire) and direct inserts shared by the contract tests. */
export type Body = Record<string, unknown>;

/** Seeded qualities (db/raw-materials.ts): wheat 1–4, corn 5–7. */
export const WHEAT = 1;
export const CORN = 2;
export const WHEAT_CONSUMER = 1;
export const WHEAT_FEED = 2;
export const CORN_FEED = 5;
/** The admin of resetDatabase is the first user. */
export const ADMIN_ID = 1;

function commonBody(overrides: Body): Body {
  return {
    user_id: ADMIN_ID,
    status: 'NEW',
    agreement_status: 'EMPTY',
    currency: 'PLN',
    is_for: false,
    is_cert: false,
    is_gmp: false,
    date_of_receipt_from: '2026-03-01',
    date_of_receipt_to: '2026-06-30',
    address: { street: 'Polna', building_number: '1', post_code: '60-001', city: 'Poznań', country_code: 'PL' },
    raw_material_id: WHEAT,
    cargo_quantity: 100_000,
    is_tolerance: false,
    comments: 'Odbiór z magazynu',
    main_cargo_option: { price: 100_000, raw_material_quality_id: WHEAT_CONSUMER, is_contractual_quality: false },
    additional_cargo_option: [],
    contact_list: [],
    email_notification_list: ['handel@example.com'],
    ...overrides,
  };
}

export function purchaseBody(supplierId: number | null, overrides: Body = {}): Body {
  return commonBody({ purchase_supplier_id: supplierId, freight: 'FCA', min_price: 90_000, ...overrides });
}

export function salesBody(recipientId: number | null, overrides: Body = {}): Body {
  return commonBody({ sales_recipient_id: recipientId, freight: 'CPT', ...overrides });
}

export const contact = (lastName: string, extra: Body = {}): Body => ({
  first_name: 'Jan',
  last_name: lastName,
  phone_number: '600 100 200',
  email: mailboxOf(lastName, 'example.com'),
  ...extra,
});

export const option = (price: number, extra: Body = {}): Body => ({
  price,
  raw_material_quality_id: WHEAT_FEED,
  is_contractual_quality: false,
  attach_to_contract: false,
  ...extra,
});

export function fieldCodes(response: { json: () => { errors?: { field: string; code: string }[] } }) {
  return response.json().errors?.map((error) => `${error.field}:${error.code}`) ?? [];
}

/** API helpers bound to one test app and token. */
export function contractApi(t: TestApp, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, as?: string) =>
    t.call({ method, url: `/api/contract/${url}`, token: as ?? token(), ...(payload ? { payload } : {}) });
  return {
    call,
    async createPurchase(overrides: Body = {}, supplierId?: number) {
      const id = supplierId ?? (await insertContractor(t.db)).id;
      const response = await call('POST', 'create-purchase', purchaseBody(id, overrides));
      if (response.statusCode !== 200) throw new Error(`create-purchase failed: ${response.body}`);
      return response.json();
    },
    async createSales(overrides: Body = {}, recipientId?: number) {
      const id = recipientId ?? (await insertContractor(t.db)).id;
      const response = await call('POST', 'create-sales', salesBody(id, overrides));
      if (response.statusCode !== 200) throw new Error(`create-sales failed: ${response.body}`);
      return response.json();
    },
  };
}

/**
 * A transport of the pair, with the counters kept as the transport service keeps them: ON_THE_WAY adds to
 * in-delivery (kg and count), DELIVERED to delivered, on both contracts and the allocation.
 */
export async function insertTransport(
  db: Db,
  purchaseId: number,
  salesId: number,
  status: 'NEW' | 'ON_THE_WAY' | 'DELIVERED' | 'RETURN_TO_CLIENT' | 'CANCELLED',
  quantityKg = 25_000,
) {
  const carrier = await insertContractor(db);
  const [row] = await db
    .insert(transports)
    .values({
      purchaseId,
      salesId,
      status,
      carrierId: carrier.id,
      cargoQuantityKg: quantityKg,
      dateLoading: '2026-03-10',
      dateUnloading: '2026-03-11',
      ...transportCopies({ purchaseId, salesId, carrierId: carrier.id }),
    })
    .returning();
  const pair = sql`purchase_id = ${purchaseId} and sales_id = ${salesId}`;
  if (status === 'ON_THE_WAY') {
    await db.execute(sql`update contracts set in_delivery_kg = in_delivery_kg + ${quantityKg},
      in_delivery_count = in_delivery_count + 1 where id in (${purchaseId}, ${salesId})`);
    await db.execute(sql`update allocations set in_delivery_kg = in_delivery_kg + ${quantityKg},
      in_delivery_count = in_delivery_count + 1 where ${pair}`);
  }
  if (status === 'DELIVERED') {
    await db.execute(
      sql`update contracts set delivered_kg = delivered_kg + ${quantityKg} where id in (${purchaseId}, ${salesId})`,
    );
    await db.execute(sql`update allocations set delivered_kg = delivered_kg + ${quantityKg} where ${pair}`);
  }
  return row!;
}
