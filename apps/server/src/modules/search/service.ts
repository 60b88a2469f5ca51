import {
  parseTransportOrderNumber,
  SEARCH_HITS_PER_KIND,
  type SearchRequest,
  type SearchResponse,
  transportOrderNumber,
} from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { searchContractors, searchContracts, searchInvoices, searchTransports, transportById } from './queries.js';

type TransportRow = Awaited<ReturnType<typeof transportById>>[number];

/** Rows by id, the first seen kept, newest first after the ones that must lead; a few at most. */
function firstFew<T extends { id: number }>(leading: T[], rest: T[]): T[] {
  const seen = new Set<number>();
  const unique = (rows: T[]) => rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  const lead = unique(leading);
  const others = unique(rest).sort((a, b) => b.id - a.id);
  return [...lead, ...others].slice(0, SEARCH_HITS_PER_KIND);
}

/**
 * The transport the term names by its order number (ZT/2026/0012, the palette also takes it without 'ZT/') or bare
 * id, when its year matches.
 */
async function transportsByNumber(ctx: Ctx, term: string): Promise<TransportRow[]> {
  const order = parseTransportOrderNumber(/^zt/i.test(term) ? term : `ZT/${term}`);
  const id = order?.transportId ?? (/^\d{1,9}$/.test(term) ? Number(term) : null);
  if (!id) return [];
  const rows = await transportById(ctx.db, id);
  return rows.filter((row) => !order || row.createdAt.startsWith(String(order.year)));
}

const toTransportHit = ({ createdAt, ...row }: TransportRow) => ({
  ...row,
  orderNumber: transportOrderNumber(row.id, createdAt),
});

/**
 * GET /search: the command palette's hits of each kind, a few each. Every role reads every kind (the lists' own
 * routes are ADMIN and USER alike); the screens an ADMIN alone opens are the web's to leave out.
 */
export async function search(ctx: Ctx, input: SearchRequest): Promise<SearchResponse> {
  const term = input.q;
  const [contracts, numbered, transports, contractors, invoices] = await Promise.all([
    searchContracts(ctx.db, term),
    transportsByNumber(ctx, term),
    searchTransports(ctx.db, term),
    searchContractors(ctx.db, term),
    searchInvoices(ctx.db, term),
  ]);
  return {
    contracts: firstFew(contracts.exact, contracts.matching),
    transports: firstFew(numbered, transports).map(toTransportHit),
    contractors: firstFew([], contractors),
    invoices: firstFew([], invoices),
  };
}
