-- A transfer read from a bank statement carries its key (the day, amount, account, invoice and title), so the same
-- transfer imported twice (the same file again, or the same line twice) is recorded once; payments typed by hand
-- have none.
ALTER TABLE "rr_invoice_payments" ADD COLUMN "bank_key" varchar(64);
--> statement-breakpoint
CREATE UNIQUE INDEX "rr_invoice_payments_bank_key_key" ON "rr_invoice_payments" USING btree ("bank_key");
