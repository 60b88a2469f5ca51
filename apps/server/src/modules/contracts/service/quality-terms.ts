import type { Db } from '../../../db/client.js';
import { defaultQualityTermsOf } from '../../cargo/service.js';
import type { PriceOptionValues } from '../queries/writes.js';

/**
 * The quality terms a price option is written with. Terms sent are taken as they are; left out, a new
 * option (or one whose quality changed) takes the defaults of its quality's parameters (cargo params), and an
 * existing option of the same quality keeps its stored terms (undefined leaves the column as it is).
 */
export async function withQualityTerms(
  tx: Db,
  option: PriceOptionValues,
  before?: { rawMaterialQualityId: number } | undefined,
): Promise<PriceOptionValues> {
  if (option.qualityTerms !== undefined) return option;
  if (before && before.rawMaterialQualityId === option.rawMaterialQualityId) return option;
  return { ...option, qualityTerms: await defaultQualityTermsOf(tx, option.rawMaterialQualityId) };
}

/**
 * withQualityTerms of each option, one after the other: a transaction is one connection, and pg deprecates (and
 * pg@9 removes) a query sent while another runs on it.
 */
export async function withEachQualityTerms(tx: Db, options: PriceOptionValues[]): Promise<PriceOptionValues[]> {
  const result: PriceOptionValues[] = [];
  for (const option of options) result.push(await withQualityTerms(tx, option));
  return result;
}
