-- A received correction keeps the invoices it names (DaneFaKorygowanej: number and KSeF number) while it waits for
-- its original, so an original that arrives later links the corrections already here (RULES.md Invoices, VAT and KSeF).
ALTER TABLE "received_invoices" ADD COLUMN "corrected_refs" jsonb;
--> statement-breakpoint
CREATE INDEX "received_invoices_waiting_correction_idx" ON "received_invoices" USING btree ("seller_nip") WHERE "corrected_refs" IS NOT NULL AND "corrected_received_invoice_id" IS NULL;
--> statement-breakpoint
-- The rows a received invoice may bill, per seller: PURCHASE and TRANSPORT rows without an invoice number. Matching
-- reads them for every invoice the KSeF worker stores; without it, it read all of the seller's rows of every year.
CREATE INDEX "transactions_open_to_bill_idx" ON "transactions" USING btree ("contractor_id","id") WHERE "invoice_number" IS NULL AND "kind" IN ('PURCHASE', 'TRANSPORT');
