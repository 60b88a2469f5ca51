-- KSeF in company settings (RULES.md Invoices, VAT and KSeF): the environment, the context NIP, the KSeF token
-- encrypted at rest with SECRETS_KEY (AES-256-GCM, lib/secrets.ts; never answered by the API) and, for tests and the
-- demo only (KSEF_ALLOW_CUSTOM_URL), a custom API address such as the fake KSeF's.
ALTER TABLE "company_settings" ADD COLUMN "ksef_environment" varchar(16);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_ksef_environment_valid" CHECK (ksef_environment in ('TEST', 'DEMO', 'PRODUCTION'));
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ksef_nip" varchar(10);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ksef_token_encrypted" text;
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ksef_custom_url" varchar(255);
--> statement-breakpoint
-- offline24 (KSeF docs `tryby-offline.md`): an invoice KSeF could not take when it was due goes out OFFLINE and must
-- reach KSeF by the next business day after its issue date; the sender keeps trying OFFLINE invoices like QUEUED ones.
ALTER TABLE "invoices" ADD COLUMN "offline_deadline" date;
--> statement-breakpoint
DROP INDEX "invoices_ksef_due_idx";
--> statement-breakpoint
CREATE INDEX "invoices_ksef_due_idx" ON "invoices" ("ksef_next_attempt_at") WHERE status in ('QUEUED', 'SENT', 'OFFLINE');
