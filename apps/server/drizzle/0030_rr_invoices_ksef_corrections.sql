-- VAT RR invoices in KSeF, and their corrections (RULES.md Invoices, VAT and KSeF): an RR invoice goes through the same KSeF outbox as a
-- sales invoice (modules/invoices/ksef-sender.ts), so it carries the same statuses and the same outbox columns:
-- tries, the next try (also the lease of a claimed row), KSeF's reference, number and UPO, the last error and the
-- offline24 deadline.
ALTER TABLE "rr_invoices" DROP CONSTRAINT "rr_invoices_status_valid";
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_status_valid" CHECK (status in ('ISSUED', 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE'));
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_number" varchar(36);
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_reference_number" varchar(64);
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_upo" text;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_error" text;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "ksef_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "offline_deadline" date;
--> statement-breakpoint
CREATE INDEX "rr_invoices_ksef_due_idx" ON "rr_invoices" ("ksef_next_attempt_at") WHERE status in ('QUEUED', 'SENT', 'OFFLINE');
--> statement-breakpoint
-- Corrections, "Faktura VAT RR KOREKTA" (RULES.md Invoices, VAT and KSeF: an issued invoice is never edited; numbers
-- per series without gaps): a correction is an RR invoice of kind KOR_VAT_RR naming the invoice it corrects and why,
-- numbered from its own series; its lines name the row again with the line as it stood before (FA_RR StanPrzed).
ALTER TABLE "company_settings" ADD COLUMN "rr_correction_series" varchar(64);
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "kind" varchar(12) DEFAULT 'VAT_RR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "corrected_rr_invoice_id" integer;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD COLUMN "correction_reason" varchar(255);
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_corrected_rr_invoice_id_rr_invoices_id_fk" FOREIGN KEY ("corrected_rr_invoice_id") REFERENCES "public"."rr_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_kind_valid" CHECK (kind in ('VAT_RR', 'KOR_VAT_RR'));
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_correction_refers" CHECK ((kind = 'KOR_VAT_RR') = (corrected_rr_invoice_id is not null and correction_reason is not null));
--> statement-breakpoint
CREATE INDEX "rr_invoices_corrected_idx" ON "rr_invoices" ("corrected_rr_invoice_id","id") WHERE corrected_rr_invoice_id is not null;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD COLUMN "quantity_kg_before" bigint;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD COLUMN "unit_price_before" bigint;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD COLUMN "value_before" bigint;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD COLUMN "refund_before" bigint;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD CONSTRAINT "rr_invoice_lines_before_complete" CHECK ((quantity_kg_before is null) = (unit_price_before is null) and (quantity_kg_before is null) = (value_before is null) and (quantity_kg_before is null) = (refund_before is null));
--> statement-breakpoint
DROP INDEX "rr_invoice_lines_transaction_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "rr_invoice_lines_transaction_key" ON "rr_invoice_lines" USING btree ("transaction_id") WHERE quantity_kg_before is null;
