-- RULES.md Invoices, VAT and KSeF: a free deduction entered at delivery belongs to one side (purchase, sales or
-- transport) and is in that side's currency; it is never copied to another side. The unloading's one "deductions"
-- figure is the purchase side's (spec/2 section 7's field means it); the sales and transport sides get their own.
-- Deliveries recorded before took that one figure off the sales row too: their sales side keeps it, so each
-- unloading still says what its rows were given.
ALTER TABLE "unloadings" RENAME COLUMN "deductions" TO "purchase_deductions";
--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "sales_deductions" bigint;
--> statement-breakpoint
ALTER TABLE "unloadings" ADD COLUMN "transport_deductions" bigint;
--> statement-breakpoint
UPDATE "unloadings" SET "sales_deductions" = "purchase_deductions" WHERE "purchase_deductions" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "unloadings" DROP CONSTRAINT "unloadings_figures_non_negative";
--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_figures_non_negative" CHECK (real_cargo_quantity_kg >= 0 and real_cargo_price >= 0 and purchase_deductions >= 0
        and sales_deductions >= 0 and transport_deductions >= 0);
