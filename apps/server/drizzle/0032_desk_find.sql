-- The command palette's search (GET /search) reads each kind through its trigram index: contracts, transports and
-- invoices have theirs (0002, 0026); contractors get a lower-cased search text of code, name, NIP, PESEL and city
-- (db/search.ts) and its trigram index where pg_trgm exists (PGlite scans).
ALTER TABLE "contractors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(code, '') || E'\x1f' || coalesce(name, '') || E'\x1f' || coalesce(nip, '') || E'\x1f' || coalesce(pesel, '') || E'\x1f' || coalesce(city, ''))) STORED;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS contractors_search_idx ON contractors USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
-- The transport order asks the carrier to confirm: his answer goes to the trader who sent it (Reply-To), not to the
-- no-reply sender address.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;
