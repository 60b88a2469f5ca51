import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import * as q from './queries.js';

/**
 * CONTRIBUTING.md Weighbridge: how far the unloading ticket's net may differ from the loading one's before a
 * transport is flagged, per raw material, in basis points; set by an ADMIN on the cargo params screen.
 */
async function toleranceOf(db: Db, rawMaterialId: number) {
  const row = await q.transitToleranceOf(db, rawMaterialId);
  if (!row) throw new AppError('RAW_MATERIAL_NOT_FOUND');
  return row;
}

export function getTransitTolerance(ctx: Ctx, rawMaterialId: number) {
  return toleranceOf(ctx.db, rawMaterialId);
}

export function setTransitTolerance(ctx: Ctx, rawMaterialId: number, transitToleranceBp: number) {
  return withWriteTransaction(ctx.db, async (tx) => {
    const before = await toleranceOf(tx, rawMaterialId);
    await q.updateTransitTolerance(tx, rawMaterialId, transitToleranceBp);
    await audit(tx, ctx.user.id, 'raw_material', rawMaterialId, 'UPDATE', {
      transitToleranceBp: { from: before.transitToleranceBp, to: transitToleranceBp },
    });
    return toleranceOf(tx, rawMaterialId);
  });
}
