-- Sending issued invoices to KSeF (RULES.md Invoices, VAT and KSeF): the invoice itself is the outbox row. QUEUED
-- waits for the sender, SENT is in KSeF without a final answer yet; the sender claims due rows with a lease on
-- ksef_next_attempt_at (several processes never send one twice) and keeps KSeF's answer: reference, UPO, error.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_valid";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_valid" CHECK (status in ('ISSUED', 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE'));
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_reference_number" varchar(64);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_upo" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_error" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_accepted_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "invoices_ksef_due_idx" ON "invoices" ("ksef_next_attempt_at") WHERE status in ('QUEUED', 'SENT');
