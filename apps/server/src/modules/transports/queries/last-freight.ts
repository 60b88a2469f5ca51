import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { contracts, transports } from '../../../db/schema/index.js';

const purchases = alias(contracts, 'purchase');
const sales = alias(contracts, 'sale');

/** A contract's place: what a route is made of. */
export interface RoutePlace {
  postCode: string | null;
  city: string | null;
}

/** The post code with letters and digits only ("99 300" is "99-300") and the city in lower case, trimmed. */
const postCodeKey = (postCode: string | null) => (postCode ?? '').replace(/[^0-9a-z]/gi, '').toLowerCase();
const cityKey = (city: string | null) => (city ?? '').trim().toLowerCase();

const samePlace = (table: typeof purchases | typeof sales, place: RoutePlace): SQL =>
  sql`lower(regexp_replace(coalesce(${table.postCode}, ''), '[^0-9A-Za-z]', '', 'g')) = ${postCodeKey(place.postCode)}
    and lower(btrim(coalesce(${table.city}, ''))) = ${cityKey(place.city)}`;

/** The places of a purchase and a sale (one read of both contracts). */
export async function placesOfPair(db: Db, purchaseId: number, salesId: number) {
  const rows = await db
    .select({ id: contracts.id, postCode: contracts.postCode, city: contracts.city })
    .from(contracts)
    .where(inArray(contracts.id, [purchaseId, salesId]));
  const placeOf = (id: number): RoutePlace | null => rows.find((row) => row.id === id) ?? null;
  return { from: placeOf(purchaseId), to: placeOf(salesId) };
}

/**
 * The carrier's latest transport (loading date, then id) from `from` to `to`. Read newest first through
 * transports_carrier_loading_idx (carrier_id, date_loading, id, migration 0036), so the walk stops at the first
 * transport of the route; a cancelled transport's price was never paid and does not count.
 */
export async function lastFreightOnRoute(db: Db, carrierId: number, from: RoutePlace, to: RoutePlace) {
  const [row] = await db
    .select({
      transportId: transports.id,
      pricePerTon: transports.pricePerTon,
      currency: transports.currency,
      dateLoading: transports.dateLoading,
    })
    .from(transports)
    .innerJoin(purchases, eq(purchases.id, transports.purchaseId))
    .innerJoin(sales, eq(sales.id, transports.salesId))
    .where(
      and(
        eq(transports.carrierId, carrierId),
        ne(transports.status, 'CANCELLED'),
        samePlace(purchases, from),
        samePlace(sales, to),
      ),
    )
    .orderBy(sql`${transports.dateLoading} desc`, sql`${transports.id} desc`)
    .limit(1);
  return row ?? null;
}
