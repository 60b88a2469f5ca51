import { companyTodayIso, type Position, type PositionRequest, type PositionTimeline } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { positionRows, timelineRows } from './queries.js';

export async function getPositions(ctx: Ctx, input: PositionRequest): Promise<Position[]> {
  const from = input.dateFrom ?? null;
  const to = input.dateTo ?? null;
  if (from && to && from > to) throw new AppError('DATE_FROM_CANNOT_BE_AFTER_TO');
  const rows = await positionRows(ctx.db, from, to, input.isPaidWeight ?? false);
  const byMaterial = new Map<number, Position>();
  for (const row of rows) {
    let position = byMaterial.get(row.raw_material_id);
    if (!position) {
      position = {
        id: row.raw_material_id,
        name: row.name,
        translatePl: row.translate_pl,
        purchase: 0,
        sales: 0,
        details: [],
      };
      byMaterial.set(row.raw_material_id, position);
    }
    const purchase = Number(row.purchase);
    const sales = Number(row.sales);
    position.purchase += purchase;
    position.sales += sales;
    position.details.push({ id: row.quality_id, title: row.title, purchase, sales });
  }
  return [...byMaterial.values()];
}

export async function getPositionTimeline(
  ctx: Ctx,
  input: { from?: string | null; months: number },
): Promise<PositionTimeline[]> {
  const rows = await timelineRows(ctx.db, input.from ?? companyTodayIso(), input.months);
  const byMaterial = new Map<number, PositionTimeline>();
  for (const row of rows) {
    let timeline = byMaterial.get(row.raw_material_id);
    if (!timeline) {
      timeline = { rawMaterialId: row.raw_material_id, months: [] };
      byMaterial.set(row.raw_material_id, timeline);
    }
    timeline.months.push({ month: row.month, purchase: Number(row.purchase), sales: Number(row.sales) });
  }
  return [...byMaterial.values()];
}
