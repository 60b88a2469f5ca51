-- CHECK constraints of every enumerated column, generated from packages/shared enums by db/enum-checks.ts
-- (enumCheckStatements; the four that existed before keep their names), and non-negative figures.
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK (role in ('ADMIN', 'USER'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_valid" CHECK (status in ('PENDING', 'SENT', 'FAILED'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_type_valid" CHECK (type in ('PURCHASE', 'SALES'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_status_valid" CHECK (status in ('NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT', 'CLOSED', 'CANCELLED'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_agreement_status_valid" CHECK (agreement_status in ('EMPTY', 'TO_SIGN', 'SIGNED'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_currency_valid" CHECK (currency in ('PLN', 'EUR', 'USD'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_freight_valid" CHECK (freight in ('FCA', 'CPT'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_tolerance_type_valid" CHECK (tolerance_type in ('BUYER', 'SELLER'));
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_tolerance_unit_valid" CHECK (tolerance_unit in ('T', 'PERCENT'));
--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_status_valid" CHECK (status in ('NEW', 'ON_THE_WAY', 'DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED'));
--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_currency_valid" CHECK (currency in ('PLN', 'EUR', 'USD'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_kind_valid" CHECK (kind in ('PURCHASE', 'SALES', 'TRANSPORT'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_valid" CHECK (status in ('TO_SETTLEMENT', 'SETTLED'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_valid" CHECK (currency in ('PLN', 'EUR', 'USD'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_accounting_method_valid" CHECK (accounting_method in ('VAT', 'RR'));
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_progress_non_negative" CHECK (in_delivery_kg >= 0 and delivered_kg >= 0);
--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_real_quantity_non_negative" CHECK (real_cargo_quantity_kg >= 0);
--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_figures_non_negative" CHECK (real_cargo_quantity_kg >= 0 and real_cargo_price >= 0 and deductions >= 0);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_quantities_non_negative" CHECK (real_quantity_kg >= 0 and final_quantity_kg >= 0 and deductions >= 0 and surcharges >= 0);
