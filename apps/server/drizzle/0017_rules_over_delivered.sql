-- RULES.md Transports, Delivered: a contract's over-delivered kilograms live twice, as the counter
-- contracts.over_delivered_kg (which the CHECK contracts_allocated_within_tolerance needs on the row) and per
-- delivery on unloadings (purchase_/sales_over_delivered_kg, the record the contract dashboard lists). These
-- constraint triggers hold them equal on every write, whoever writes: at commit, each contract whose counter or
-- whose unloadings' over-delivered kilograms changed must have the counter equal to the sum of its unloadings.
CREATE FUNCTION check_over_delivered_kg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  drifted integer;
BEGIN
  IF TG_TABLE_NAME = 'contracts' THEN
    ids := ARRAY[NEW.id];
  ELSE
    SELECT ARRAY[t.purchase_id, t.sales_id] INTO ids FROM transports t WHERE t.id = NEW.transport_id;
  END IF;
  SELECT c.id INTO drifted FROM contracts c
  WHERE c.id = ANY(ids) AND c.over_delivered_kg <> (
    SELECT coalesce(sum(CASE WHEN c.type = 'PURCHASE' THEN u.purchase_over_delivered_kg ELSE u.sales_over_delivered_kg END), 0)
    FROM transports t JOIN unloadings u ON u.transport_id = t.id
    WHERE CASE WHEN c.type = 'PURCHASE' THEN t.purchase_id ELSE t.sales_id END = c.id)
  LIMIT 1;
  IF drifted IS NOT NULL THEN
    RAISE EXCEPTION 'contract % over_delivered_kg differs from the sum of its unloadings', drifted
      USING ERRCODE = 'check_violation', CONSTRAINT = 'over_delivered_kg_matches_unloadings';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contracts_over_delivered_inserted" AFTER INSERT ON "contracts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.over_delivered_kg <> 0)
  EXECUTE FUNCTION check_over_delivered_kg();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contracts_over_delivered_changed" AFTER UPDATE OF over_delivered_kg ON "contracts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.over_delivered_kg IS DISTINCT FROM NEW.over_delivered_kg)
  EXECUTE FUNCTION check_over_delivered_kg();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "unloadings_over_delivered_inserted" AFTER INSERT ON "unloadings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.purchase_over_delivered_kg <> 0 OR NEW.sales_over_delivered_kg <> 0)
  EXECUTE FUNCTION check_over_delivered_kg();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "unloadings_over_delivered_changed" AFTER UPDATE OF purchase_over_delivered_kg, sales_over_delivered_kg ON "unloadings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.purchase_over_delivered_kg, OLD.sales_over_delivered_kg) IS DISTINCT FROM (NEW.purchase_over_delivered_kg, NEW.sales_over_delivered_kg))
  EXECUTE FUNCTION check_over_delivered_kg();
