-- RULES.md Positions reads only the NEW and ACTIVE contracts: a partial index holding what it sums and filters on,
-- so the positions walk the open contracts (a stable number) instead of every contract of the history.
CREATE INDEX IF NOT EXISTS "contracts_open_position_idx" ON "contracts" USING btree ("raw_material_quality_id")
  INCLUDE ("type", "cargo_quantity_kg", "date_of_receipt_from", "date_of_receipt_to", "raw_material_id")
  WHERE status IN ('NEW', 'ACTIVE');
