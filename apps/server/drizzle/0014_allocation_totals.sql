-- Issue 15: the allocations page's totals bar (count and kilograms of the allocations whose contracts have the
-- chosen statuses) read from one row per pair of contract statuses instead of summed over every allocation.
-- Kept like the row counters: statement triggers add each statement's net change per status pair in the
-- statement's own transaction (on allocations: their figures; on contracts: a status change moves the figures of
-- the contract's allocations to the new pair). Pairs are upserted in key order; a statement that changes no figure
-- of any pair writes nothing.
CREATE TABLE "allocation_totals" (
  "purchase_status" varchar(16) NOT NULL,
  "sales_status" varchar(16) NOT NULL,
  "allocation_count" bigint NOT NULL,
  "quantity_kg" bigint NOT NULL,
  "in_delivery_kg" bigint NOT NULL,
  "in_delivery_count" bigint NOT NULL,
  "delivered_kg" bigint NOT NULL,
  PRIMARY KEY ("purchase_status", "sales_status")
);
--> statement-breakpoint
-- The upsert adding the net sum per pair of `changes` (purchase_status, sales_status, sign and the allocation's
-- figures): run by the trigger function itself, the only one that sees its transition tables.
CREATE FUNCTION allocation_totals_upsert(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(
    'INSERT INTO allocation_totals AS t (purchase_status, sales_status, allocation_count, quantity_kg,
       in_delivery_kg, in_delivery_count, delivered_kg)
     SELECT purchase_status, sales_status, sum(sign), sum(sign * quantity_kg), sum(sign * in_delivery_kg),
       sum(sign * in_delivery_count), sum(sign * delivered_kg)
     FROM (%s) AS change
     GROUP BY purchase_status, sales_status
     HAVING sum(sign) <> 0 OR sum(sign * quantity_kg) <> 0 OR sum(sign * in_delivery_kg) <> 0
       OR sum(sign * in_delivery_count) <> 0 OR sum(sign * delivered_kg) <> 0
     ORDER BY purchase_status, sales_status
     ON CONFLICT (purchase_status, sales_status) DO UPDATE SET
       allocation_count = t.allocation_count + excluded.allocation_count,
       quantity_kg = t.quantity_kg + excluded.quantity_kg,
       in_delivery_kg = t.in_delivery_kg + excluded.in_delivery_kg,
       in_delivery_count = t.in_delivery_count + excluded.in_delivery_count,
       delivered_kg = t.delivered_kg + excluded.delivered_kg',
    changes);
$$;
--> statement-breakpoint
-- Allocations inserted, updated or deleted: their figures under their contracts' current statuses.
CREATE FUNCTION total_allocations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signed_rows text;
BEGIN
  IF tg_op = 'TRUNCATE' THEN
    DELETE FROM allocation_totals;
    RETURN NULL;
  END IF;
  signed_rows := CASE tg_op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
  EXECUTE allocation_totals_upsert(format(
    'SELECT p.status AS purchase_status, s.status AS sales_status, a.sign, a.quantity_kg, a.in_delivery_kg,
       a.in_delivery_count, a.delivered_kg
     FROM (%s) AS a JOIN contracts p ON p.id = a.purchase_id JOIN contracts s ON s.id = a.sales_id',
    signed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Contracts whose status changed: their allocations leave the pair of the old statuses for the new one (both
-- sides at once when one statement changes both contracts of a pair).
CREATE FUNCTION move_allocation_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status IS DISTINCT FROM o.status
  ) THEN
    RETURN NULL;
  END IF;
  EXECUTE allocation_totals_upsert(
    'WITH changed AS (
       SELECT o.id, o.status AS old_status FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE n.status IS DISTINCT FROM o.status
     ), touched AS (
       SELECT a.id FROM changed c JOIN allocations a ON a.purchase_id = c.id
       UNION SELECT a.id FROM changed c JOIN allocations a ON a.sales_id = c.id)
     SELECT status.purchase_status, status.sales_status, status.sign, a.quantity_kg, a.in_delivery_kg,
       a.in_delivery_count, a.delivered_kg
     FROM touched JOIN allocations a ON a.id = touched.id
     JOIN contracts p ON p.id = a.purchase_id JOIN contracts s ON s.id = a.sales_id
     LEFT JOIN changed cp ON cp.id = a.purchase_id
     LEFT JOIN changed cs ON cs.id = a.sales_id
     CROSS JOIN LATERAL (VALUES (p.status, s.status, 1),
       (coalesce(cp.old_status, p.status), coalesce(cs.old_status, s.status), -1))
       AS status (purchase_status, sales_status, sign)');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER allocation_totals_insert AFTER INSERT ON allocations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION total_allocations();
--> statement-breakpoint
CREATE TRIGGER allocation_totals_update AFTER UPDATE ON allocations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION total_allocations();
--> statement-breakpoint
CREATE TRIGGER allocation_totals_delete AFTER DELETE ON allocations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION total_allocations();
--> statement-breakpoint
CREATE TRIGGER allocation_totals_truncate AFTER TRUNCATE ON allocations
  FOR EACH STATEMENT EXECUTE FUNCTION total_allocations();
--> statement-breakpoint
CREATE TRIGGER allocation_totals_status AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_allocation_totals();
--> statement-breakpoint
-- Allocations already there (a database migrated with data in it).
INSERT INTO allocation_totals
  SELECT p.status, s.status, count(*), sum(a.quantity_kg), sum(a.in_delivery_kg), sum(a.in_delivery_count),
    sum(a.delivered_kg)
  FROM allocations a JOIN contracts p ON p.id = a.purchase_id JOIN contracts s ON s.id = a.sales_id
  GROUP BY p.status, s.status;
