-- RULES.md Transports, Delivered: a delivery always records what was unloaded. Beyond a contract's
-- upper tolerance limit it carries a note and the kilograms by which it passed each contract's limit.
ALTER TABLE "unloadings" ADD COLUMN "over_delivery_note" text;--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "purchase_over_delivered_kg" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "sales_over_delivered_kg" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_over_delivered_non_negative" CHECK (purchase_over_delivered_kg >= 0 and sales_over_delivered_kg >= 0);
