-- The allocations page shows the pairs whose contracts are both open (TO_ASSIGN_DEFAULT_STATUSES, or some of them),
-- the last months of a trading house however long its history: its newest-first walk and its searches read those
-- pairs alone, not every allocation ever made, so they stay flat with history (docs/performance.md, Eighth pass).
-- PostgreSQL proves these predicates from the page's status lists, planned with their values (the page's statement is
-- not prepared). The search text is not carried in the btree (both contracts' comments and addresses can pass a btree
-- entry's size limit); a term the trigram index cannot serve ("a", "an") reads the open rows only.
-- The page's filters on a side's contract (a semi-join into contracts) read that side's open contracts from a covering
-- partial index: every column those filters name, so an index-only scan of the open book instead of all contracts.
CREATE INDEX IF NOT EXISTS "contracts_open_book_idx" ON "contracts" USING btree ("type", "id")
  INCLUDE ("counterparty_id", "raw_material_id", "raw_material_quality_id", "is_gmp", "is_cert", "freight",
    "date_of_receipt_from", "date_of_receipt_to")
  WHERE status IN ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "allocations_open_created_idx" ON "allocations" USING btree ("created_at", "id")
  WHERE purchase_status IN ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT')
    AND sales_status IN ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT');--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS allocations_open_search_idx ON allocations USING gin (search_text gin_trgm_ops)
      WHERE purchase_status IN ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT')
        AND sales_status IN ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT');
  END IF;
END $$;
