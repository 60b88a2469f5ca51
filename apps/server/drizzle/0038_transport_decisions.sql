ALTER TABLE "unloadings" ADD COLUMN "decision" varchar(16);--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "decision_discount_per_ton" bigint;--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "decided_by" integer REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_decision_valid" CHECK (decision in ('ACCEPT', 'REJECT', 'REDIRECT'));--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_decision_discount_non_negative" CHECK (decision_discount_per_ton >= 0);--> statement-breakpoint
CREATE INDEX "unloadings_to_decide_idx" ON "unloadings" USING btree ("transport_id") WHERE is_to_decide;
