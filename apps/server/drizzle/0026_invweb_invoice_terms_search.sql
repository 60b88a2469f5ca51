-- Sales invoices (RULES.md Invoices, VAT and KSeF):
-- * a contractor may override the payment term (days) and the bank account printed on its invoices; null takes the
--   company settings' values.
-- * the Faktury list searches number, KSeF number, buyer and NIP as one LIKE on a generated search text (db/search.ts),
--   served by a trigram index where pg_trgm exists, and sorts by issue date or buyer and filters by status on
--   indexes that end in the id (the list's tie-breaker).
ALTER TABLE "contractors" ADD COLUMN "invoice_payment_term_days" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "invoice_bank_account" varchar(64);--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_invoice_payment_term_days_valid" CHECK (invoice_payment_term_days is null or invoice_payment_term_days between 0 and 365);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(number, '') || E'\x1f' || coalesce(ksef_number, '') || E'\x1f' || coalesce(buyer_name, '') || E'\x1f' || coalesce(buyer_nip, ''))) STORED;--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_name_idx" ON "invoices" USING btree ("buyer_name","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS invoices_search_idx ON invoices USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
