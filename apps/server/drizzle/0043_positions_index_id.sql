-- RULES.md Positions: the positions' statement names the contract's id (its paid-weight deductions are read per
-- contract), so the open contracts' covering index holds it too; without it PostgreSQL read the whole contracts
-- table, and the positions grew with the history (docs/performance.md, Sixth pass).
DROP INDEX IF EXISTS "contracts_open_position_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_open_position_idx" ON "contracts" USING btree ("raw_material_quality_id")
  INCLUDE ("id", "type", "cargo_quantity_kg", "date_of_receipt_from", "date_of_receipt_to", "raw_material_id")
  WHERE status IN ('NEW', 'ACTIVE');
