-- VAT RR invoices in KSeF (RULES.md Invoices, VAT and KSeF): an RR invoice goes through the same KSeF outbox as a
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
