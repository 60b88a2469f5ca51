import type { LastFreightRequest, LastFreightResponse } from '@grain/shared';
import type { Ctx } from '../../../lib/context.js';
import { lastFreightOnRoute, placesOfPair } from '../queries/last-freight.js';

/**
 * GET /transport/last-freight: what the new-transport form prefills the freight with in place of spec/1's default
 * price 0: the carrier's price on its latest transport of the pair's route. A route needs both cities.
 */
export async function getLastFreight(ctx: Ctx, input: LastFreightRequest): Promise<LastFreightResponse> {
  const { from, to } = await placesOfPair(ctx.db, input.purchaseId, input.salesId);
  if (!from?.city?.trim() || !to?.city?.trim()) return { last: null };
  return { last: await lastFreightOnRoute(ctx.db, input.carrierId, from, to) };
}
