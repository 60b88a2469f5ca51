import { nipFromSerial } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { contractCopies, pairCopies, pairStatusCopies } from '../src/db/copies.js';
import {
  allocations,
  contractors,
  contractPriceOptions,
  contracts,
  rawMaterialQualities,
  users,
} from '../src/db/schema/index.js';

/** An address of a person's name for test bodies: ASCII, as the e-mail rule takes it (Wiśniewski writes wisniewski). */
export function mailboxOf(name: string, domain: string): string {
  const local = name.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/\p{M}/gu, '');
  return `${local}@${domain}`;
}

/**
 * Rows written straight into the database for tests of modules that build on others (allocations need
 * contracts, transports need allocations). Derived counters are kept consistent the way the services keep them.
 */
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export async function insertContractor(db: Db, values: Partial<typeof contractors.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(contractors)
    .values({
      code: `K${String(n).padStart(5, '0')}`,
      name: `Kontrahent ${n} sp. z o.o.`,
      nip: nipFromSerial(n * 7919),
      label: 'FIRMA',
      accountingMethod: 'VAT',
      city: 'Poznań',
      street: 'Zbożowa',
      buildingNumber: String(n),
      postCode: '60-001',
      ...values,
    })
    .returning();
  return row!;
}

export async function firstQualityOf(db: Db, rawMaterialId = 1): Promise<number> {
  const [row] = await db
    .select({ id: rawMaterialQualities.id })
    .from(rawMaterialQualities)
    .where(sql`${rawMaterialQualities.rawMaterialId} = ${rawMaterialId}`)
    .orderBy(rawMaterialQualities.id)
    .limit(1);
  return row!.id;
}

async function anyUserId(db: Db): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  return row!.id;
}

export type ContractFixture = Partial<typeof contracts.$inferInsert> & { type: 'PURCHASE' | 'SALES' };

/** A contract with its main price option; 100 t of wheat at 1 000,00 PLN/t unless told otherwise. */
export async function insertContract(db: Db, values: ContractFixture) {
  const n = next();
  const rawMaterialId = values.rawMaterialId ?? 1;
  const qualityId = values.rawMaterialQualityId ?? (await firstQualityOf(db, rawMaterialId));
  const counterpartyId = values.counterpartyId ?? (await insertContractor(db)).id;
  const [row] = await db
    .insert(contracts)
    .values({
      documentNumber: `${values.type === 'PURCHASE' ? 'ZK' : 'SP'}/T/${String(n).padStart(5, '0')}`,
      status: 'ACTIVE',
      counterpartyId,
      userId: await anyUserId(db),
      freight: values.type === 'PURCHASE' ? 'FCA' : 'CPT',
      dateOfReceiptFrom: '2026-01-01',
      dateOfReceiptTo: '2026-12-31',
      city: 'Poznań',
      rawMaterialId,
      rawMaterialQualityId: qualityId,
      price: 100_000,
      cargoQuantityKg: 100_000,
      ...contractCopies(counterpartyId),
      ...values,
    })
    .returning();
  await db
    .insert(contractPriceOptions)
    .values({ contractId: row!.id, isMainOption: true, price: row!.price, rawMaterialQualityId: qualityId });
  return row!;
}

/** An allocation pair, with both contracts' allocated totals raised as the allocation service does. */
export async function insertAllocation(db: Db, purchaseId: number, salesId: number, quantityKg: number) {
  const [row] = await db
    .insert(allocations)
    .values({
      purchaseId,
      salesId,
      quantityKg,
      ...pairCopies(purchaseId, salesId),
      ...pairStatusCopies(purchaseId, salesId),
    })
    .returning();
  await db.execute(
    sql`update contracts set allocated_kg = allocated_kg + ${quantityKg} where id in (${purchaseId}, ${salesId})`,
  );
  return row!;
}
