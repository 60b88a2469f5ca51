import type { QualityParam } from '@grain/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { qualityParams, rawMaterialQualities, rawMaterials } from '../../db/schema/index.js';
import { searchCondition } from '../../lib/list.js';

const rawMaterialColumns = { id: rawMaterials.id, name: rawMaterials.name, translatePl: rawMaterials.translatePl };

const qualityColumns = {
  id: rawMaterialQualities.id,
  rawMaterialId: rawMaterialQualities.rawMaterialId,
  title: rawMaterialQualities.title,
  isVariant: rawMaterialQualities.isVariant,
};

const paramColumns = {
  id: qualityParams.id,
  name: qualityParams.name,
  type: qualityParams.type,
  unit: qualityParams.unit,
  value: qualityParams.value,
};

export type QualityRow = NonNullable<Awaited<ReturnType<typeof getQuality>>>;

/** Raw materials in id order: the tab order of the contract lists (Pszenica = 1 first). */
export function listRawMaterials(db: Db) {
  return db.select(rawMaterialColumns).from(rawMaterials).orderBy(asc(rawMaterials.id));
}

export async function getRawMaterial(db: Db, id: number) {
  const [row] = await db.select(rawMaterialColumns).from(rawMaterials).where(eq(rawMaterials.id, id));
  return row ?? null;
}

/** Every quality of every raw material in one query, grouped by the caller. */
export function listAllQualities(db: Db) {
  return db
    .select(qualityColumns)
    .from(rawMaterialQualities)
    .orderBy(asc(rawMaterialQualities.rawMaterialId), asc(rawMaterialQualities.id));
}

export function qualitiesOf(db: Db, rawMaterialId: number) {
  return db
    .select(qualityColumns)
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.rawMaterialId, rawMaterialId))
    .orderBy(asc(rawMaterialQualities.id));
}

/** A page of one raw material's qualities, searched by title, with the counts of the list shape. */
export async function qualityOptionPage(
  db: Db,
  rawMaterialId: number,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  const ofMaterial = eq(rawMaterialQualities.rawMaterialId, rawMaterialId);
  const where = and(ofMaterial, searchCondition(search, [rawMaterialQualities.title]));
  const [rows, filteredRows, totalRows] = await Promise.all([
    db
      .select(qualityColumns)
      .from(rawMaterialQualities)
      .where(where)
      .orderBy(asc(rawMaterialQualities.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(rawMaterialQualities).where(where),
    db.select({ n: count() }).from(rawMaterialQualities).where(ofMaterial),
  ]);
  return { rows, filtered: filteredRows[0]?.n ?? 0, total: totalRows[0]?.n ?? 0 };
}

export async function getQuality(db: Db, id: number) {
  const [row] = await db.select(qualityColumns).from(rawMaterialQualities).where(eq(rawMaterialQualities.id, id));
  return row ?? null;
}

/** Locks the quality so that two parameter replacements of it run one after the other. */
export async function lockQuality(db: Db, id: number) {
  const [row] = await db
    .select(qualityColumns)
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.id, id))
    .for('update');
  return row ?? null;
}

export async function insertQuality(db: Db, rawMaterialId: number, title: string) {
  const [row] = await db
    .insert(rawMaterialQualities)
    .values({ rawMaterialId, title, isVariant: true })
    .returning({ id: rawMaterialQualities.id });
  return row!.id;
}

export function paramsOf(db: Db, qualityId: number) {
  return db
    .select(paramColumns)
    .from(qualityParams)
    .where(eq(qualityParams.qualityId, qualityId))
    .orderBy(asc(qualityParams.id));
}

/** Replaces the whole parameter list of a quality, keeping the given order. */
export async function replaceParams(db: Db, qualityId: number, params: QualityParam[]) {
  await db.delete(qualityParams).where(eq(qualityParams.qualityId, qualityId));
  if (params.length) await db.insert(qualityParams).values(params.map((param) => ({ ...param, qualityId })));
}

/** The parameters of every quality of a raw material (the lab results of its unloadings are among these). */
export function paramsOfRawMaterial(db: Db, rawMaterialId: number) {
  return db
    .select({ name: qualityParams.name, type: qualityParams.type, unit: qualityParams.unit })
    .from(qualityParams)
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, qualityParams.qualityId))
    .where(eq(rawMaterialQualities.rawMaterialId, rawMaterialId))
    .orderBy(asc(qualityParams.id));
}

/** CONTRIBUTING.md Weighbridge: a raw material's transit tolerance (basis points of the loaded net weight). */
export async function transitToleranceOf(db: Db, rawMaterialId: number) {
  const [row] = await db
    .select({ rawMaterialId: rawMaterials.id, transitToleranceBp: rawMaterials.transitToleranceBp })
    .from(rawMaterials)
    .where(eq(rawMaterials.id, rawMaterialId));
  return row ?? null;
}

export async function updateTransitTolerance(db: Db, rawMaterialId: number, transitToleranceBp: number) {
  await db.update(rawMaterials).set({ transitToleranceBp }).where(eq(rawMaterials.id, rawMaterialId));
}
