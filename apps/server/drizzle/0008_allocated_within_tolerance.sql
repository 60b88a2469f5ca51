-- RULES.md Allocations, held by the database: a contract's allocations never pass its upper tolerance
-- limit but by the kilograms recorded as over-delivered (RULES.md Transports, Delivered). The limit is a generated
-- column with the formula of toleranceUpperLimitKg (packages/shared/src/rules/tolerance.ts; a test compares them).
ALTER TABLE "contracts" ADD COLUMN "over_delivered_kg" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "contracts" c SET "over_delivered_kg" = (
  SELECT coalesce(sum(CASE WHEN c.type = 'PURCHASE' THEN u.purchase_over_delivered_kg ELSE u.sales_over_delivered_kg END), 0)
  FROM unloadings u JOIN transports t ON t.id = u.transport_id
  WHERE (c.type = 'PURCHASE' AND t.purchase_id = c.id) OR (c.type = 'SALES' AND t.sales_id = c.id)
);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "tolerance_upper_limit_kg" bigint GENERATED ALWAYS AS (CASE
  WHEN is_tolerance AND tolerance_unit = 'T' AND tolerance_quantity IS NOT NULL
    THEN cargo_quantity_kg + tolerance_quantity
  WHEN is_tolerance AND tolerance_unit = 'PERCENT' AND tolerance_quantity IS NOT NULL
    THEN floor(cargo_quantity_kg::numeric * (10000 + tolerance_quantity) / 10000)::bigint
  ELSE cargo_quantity_kg END) STORED;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_over_delivered_non_negative" CHECK (over_delivered_kg >= 0);--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_allocated_within_tolerance" CHECK (allocated_kg <= tolerance_upper_limit_kg + over_delivered_kg);
