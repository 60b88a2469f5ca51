import { count, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { isCommonPassword } from '../lib/common-passwords.js';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { countryRows } from './countries.js';
import { RAW_MATERIAL_SEED } from './raw-materials.js';
import {
  countries,
  qualityParams,
  rawMaterialQualities,
  rawMaterials,
  rrRefundRates,
  users,
  vatRates,
} from './schema/index.js';

/** Reference data every installation needs; safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
  await seedRawMaterials(db);
  // RULES.md Invoices, VAT and KSeF, VAT RR: the flat-rate refund, 7 % since 2014 (a dated setting).
  await db.insert(rrRefundRates).values({ ratePercent: 7, validFrom: '2014-01-01' }).onConflictDoNothing();
}

/**
 * RULES.md Contractors and cargo: raw materials with qualities and parameters, fixed ids (Pszenica = 1).
 * Parameters go only to qualities inserted now, so parameters edited later are never put back.
 */
export async function seedRawMaterials(db: Db): Promise<void> {
  await db
    .insert(rawMaterials)
    .values(RAW_MATERIAL_SEED.map(({ id, name, translatePl, cnCode }) => ({ id, name, translatePl, cnCode })))
    .onConflictDoNothing();
  await seedVatRates(db);
  const qualities = RAW_MATERIAL_SEED.flatMap((material) =>
    material.qualities.map((quality) => ({ ...quality, rawMaterialId: material.id })),
  );
  const inserted = await db
    .insert(rawMaterialQualities)
    .values(qualities.map(({ id, rawMaterialId, title }) => ({ id, rawMaterialId, title })))
    .onConflictDoNothing()
    .returning({ id: rawMaterialQualities.id });
  const insertedIds = new Set(inserted.map((row) => row.id));
  const params = qualities
    .filter((quality) => insertedIds.has(quality.id))
    .flatMap((quality) => quality.params.map((param) => ({ ...param, qualityId: quality.id })));
  if (params.length) await db.insert(qualityParams).values(params);
  // Fixed ids do not move the serial sequences; variants added later must not collide with them.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('raw_materials', 'id'), coalesce(max(id), 1), max(id) is not null) from raw_materials`,
  );
  await db.execute(
    sql`select setval(pg_get_serial_sequence('raw_material_qualities', 'id'), coalesce(max(id), 1), max(id) is not null) from raw_material_qualities`,
  );
}

/** The date the seeded VAT rates apply from: before any row the product can hold. */
export const SEEDED_VAT_RATES_FROM = '2000-01-01';

/**
 * RULES.md Invoices, VAT and KSeF: cereals 5 %, rapeseed 8 %, services 23 %, from SEEDED_VAT_RATES_FROM; rates
 * an ADMIN added or changed later stay (the unique key makes a second run a no-op).
 */
async function seedVatRates(db: Db): Promise<void> {
  const goods = RAW_MATERIAL_SEED.map(({ id, vatRatePercent }) => ({
    subject: 'GOODS' as const,
    rawMaterialId: id,
    ratePercent: vatRatePercent,
    validFrom: SEEDED_VAT_RATES_FROM,
  }));
  const services = { subject: 'SERVICE' as const, ratePercent: 23, validFrom: SEEDED_VAT_RATES_FROM };
  await db
    .insert(vatRates)
    .values([...goods, services])
    .onConflictDoNothing();
}

/**
 * RULES.md Users: the first start on an empty database creates an ADMIN; with the default password (or another common
 * one) it must change it.
 */
export async function seedFirstAdmin(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(config.adminPassword);
  const inserted = await db
    .insert(users)
    .values({
      email: config.adminEmail,
      firstName: 'Administrator',
      lastName: 'Systemu',
      role: 'ADMIN',
      active: true,
      passwordHash,
      // The default is on the common-password list (lib/common-passwords.ts), as is any other guessable choice.
      passwordExpired: await isCommonPassword(config.adminPassword),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

export async function seed(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<void> {
  await seedReferenceData(db);
  await seedFirstAdmin(db, config);
}
