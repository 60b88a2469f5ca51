-- A received correction keeps the invoices it names (DaneFaKorygowanej: number and KSeF number) while it waits for
-- its original, so an original that arrives later links the corrections already here (RULES.md Invoices, VAT and KSeF).
ALTER TABLE "received_invoices" ADD COLUMN "corrected_refs" jsonb;
--> statement-breakpoint
CREATE INDEX "received_invoices_waiting_correction_idx" ON "received_invoices" USING btree ("seller_nip") WHERE "corrected_refs" IS NOT NULL AND "corrected_received_invoice_id" IS NULL;
