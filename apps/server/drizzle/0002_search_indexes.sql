-- Trigram indexes on the lists' search text (db/search.ts), where pg_trgm exists (PostgreSQL; PGlite has no
-- pg_trgm and searches by scanning). They serve `search_text LIKE '%term%'` for terms of three or more letters.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS contracts_search_idx ON contracts USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS transports_search_idx ON transports USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS transactions_search_idx ON transactions USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
