-- Corrections (KOR) and the seller as issued (RULES.md Invoices, VAT and KSeF): a series of correction numbers in
-- company settings; a correction is an invoice row that names the invoice it corrects and why; its lines carry the
-- line as it stood before (StanPrzed), so a statement row appears on its sales line once and on its corrections.
-- The seller's name and address are copied onto the invoice at issue (existing rows from today's settings).
ALTER TABLE "company_settings" ADD COLUMN "correction_series" varchar(64);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_name" varchar(255);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_street" varchar(255);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_post_code" varchar(255);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_city" varchar(255);
--> statement-breakpoint
UPDATE "invoices" SET "seller_name" = cs."name", "seller_street" = cs."street", "seller_post_code" = cs."post_code", "seller_city" = cs."city" FROM "company_settings" cs WHERE cs."id" = 1;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller_name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller_city" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrected_invoice_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "correction_reason" varchar(255);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrected_invoice_id_invoices_id_fk" FOREIGN KEY ("corrected_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_correction_refers" CHECK ((kind = 'KOR') = (corrected_invoice_id is not null and correction_reason is not null));
--> statement-breakpoint
CREATE INDEX "invoices_corrected_idx" ON "invoices" ("corrected_invoice_id","id") WHERE corrected_invoice_id is not null;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "quantity_kg_before" bigint;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "unit_net_price_before" bigint;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "net_value_before" bigint;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_before_complete" CHECK ((quantity_kg_before is null) = (unit_net_price_before is null) and (quantity_kg_before is null) = (net_value_before is null));
--> statement-breakpoint
DROP INDEX "invoice_lines_transaction_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_transaction_key" ON "invoice_lines" ("transaction_id") WHERE quantity_kg_before is null;
