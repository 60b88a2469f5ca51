-- The statement's to-settle tab searched: its capped count (lib/list.ts countUpToCap) reads up to 10 001 matches
-- in id order through the partial index, and fetched each row from the heap only to test its search text (a
-- random read per row: 2.7 s for "an" at the medium demo on the shared machine). The search text held in the
-- index makes that count an index-only scan (0.11 s, docs/performance.md).
CREATE INDEX IF NOT EXISTS "transactions_to_settle_search_idx" ON "transactions" USING btree ("id") INCLUDE ("search_text")
  WHERE status = 'TO_SETTLEMENT';
