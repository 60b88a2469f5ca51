-- RULES.md Invoices, VAT and KSeF (a received invoice matched to statement rows): the kilograms a received invoice's
-- billed lines name, read once when it is stored, so its list does not read every invoice's XML again.
ALTER TABLE "received_invoices" ADD COLUMN "invoice_quantity_kg" bigint;
