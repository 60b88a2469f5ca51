-- A received correction (KOR) is linked to the received invoice it corrects, found by the KSeF number or by the
-- seller's NIP and the invoice number it names (RULES.md Invoices, VAT and KSeF); it never fills statement rows.
ALTER TABLE "received_invoices" ADD COLUMN "corrected_received_invoice_id" integer;
--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_corrected_fk" FOREIGN KEY ("corrected_received_invoice_id") REFERENCES "public"."received_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "received_invoices_corrected_idx" ON "received_invoices" USING btree ("corrected_received_invoice_id");
