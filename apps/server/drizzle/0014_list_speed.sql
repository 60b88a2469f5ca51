-- The allocations page (to-assign list): its rows are narrowed by both contracts' statuses and its totals
-- bar sums every matching allocation. Both now read the allocation alone:
-- * purchase_status / sales_status: copies of the pair's contract statuses (db/copies.ts), written with the row
--   and rewritten by the statement trigger below in the transaction of any statement that changes a contract's
--   status, so the page walks an allocation index and stops at its limit;
-- * search_text: the four copies the page searches, in one lower-cased column (one LIKE instead of four ILIKEs);
-- * allocation_totals: count and kilograms per pair of statuses, kept like the row counters (a statement trigger
--   adds each statement's net change per pair in the statement's own transaction, pairs upserted in key order, a
--   statement that changes no figure of any pair writes nothing), so the default totals are a sum of a few rows.
ALTER TABLE "allocations" ADD COLUMN "purchase_status" varchar(16);--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "sales_status" varchar(16);--> statement-breakpoint
UPDATE "allocations" a SET "purchase_status" = p.status, "sales_status" = s.status
  FROM contracts p, contracts s WHERE p.id = a.purchase_id AND s.id = a.sales_id;--> statement-breakpoint
ALTER TABLE "allocations" ALTER COLUMN "purchase_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ALTER COLUMN "sales_status" SET NOT NULL;--> statement-breakpoint
-- The page's search of the allocation's own copies, one LIKE on one column as the other lists search (db/search.ts).
ALTER TABLE "allocations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(purchase_document_number, '') || E'\x1f' || coalesce(sales_document_number, '') || E'\x1f' || coalesce(supplier_code, '') || E'\x1f' || coalesce(recipient_code, ''))) STORED;--> statement-breakpoint
-- A contract's new status onto its allocations: locked in ascending id (db/locks.ts, after the contract the
-- statement has just updated), then rewritten; both sides at once when one statement changes both contracts.
CREATE FUNCTION copy_contract_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
  touched integer[];
BEGIN
  SELECT array_agg(n.id) INTO changed
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status IS DISTINCT FROM o.status;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(id ORDER BY id) INTO touched FROM (
    SELECT id FROM allocations WHERE purchase_id = ANY (changed)
    UNION SELECT id FROM allocations WHERE sales_id = ANY (changed)) AS pair;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM allocations WHERE id = ANY (touched) ORDER BY id FOR UPDATE;
  UPDATE allocations a SET purchase_status = p.status, sales_status = s.status
    FROM contracts p, contracts s
    WHERE a.id = ANY (touched) AND p.id = a.purchase_id AND s.id = a.sales_id
      AND (a.purchase_status, a.sales_status) IS DISTINCT FROM (p.status, s.status);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER allocations_copy_contract_status AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copy_contract_status();
--> statement-breakpoint
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
  EXECUTE format(
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
    signed_rows);
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
-- Allocations already there (a database migrated with data in it).
INSERT INTO allocation_totals
  SELECT purchase_status, sales_status, count(*), sum(quantity_kg), sum(in_delivery_kg), sum(in_delivery_count),
    sum(delivered_kg)
  FROM allocations GROUP BY purchase_status, sales_status;
--> statement-breakpoint
-- The statement's "to settlement" tab: its rows in id order, so a page and the capped count of a search
-- within the tab walk only the unsettled rows (a seventh of the statement) instead of scanning from the oldest.
CREATE INDEX IF NOT EXISTS "transactions_to_settle_idx" ON "transactions" USING btree ("id") WHERE status = 'TO_SETTLEMENT';
