-- Quality terms on each contract price option, lab results on the unloading ("do decyzji" when one is
-- beyond its rejection limit) and the quality settlement (terms used, lab results, lines) stored on the PURCHASE
-- and SALES rows a delivery creates, never recomputed.
ALTER TABLE "contract_price_options" ADD COLUMN "quality_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "lab_results" jsonb;
--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "is_to_decide" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "quality_settlement" jsonb;
