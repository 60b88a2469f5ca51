-- The allocations page's search (spec/1 Allocations page: document numbers, counterparty codes, both contracts'
-- addresses, the purchase's cargo name and comments) as one LIKE on the allocation's own search_text, served by a
-- trigram index, instead of an OR of the allocation's copies with two semi-joins into contracts that no index can
-- serve (every search walked all allocations and scanned the contracts twice).
-- * contracts_search_text: what the page shows of the pair's contracts, copied like the statuses (db/copies.ts):
--   "street building, post code city" of the purchase, its comments, its quality's title and the sale's address,
--   separated by the unit separator (db/search.ts). Written by a row trigger when an allocation is inserted or gets
--   another contract, and rewritten in the transaction of any statement that changes one of those values: the
--   contracts' trigger of migration 0014 (now for these columns too) and a statement trigger on the qualities.
-- * search_text: the four copies as before, then contracts_search_text; lower-cased as every list's search text.
CREATE FUNCTION allocation_contracts_search_text(purchase integer, sale integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\x1f',
    concat_ws(', ', nullif(concat_ws(' ', p.street, p.building_number), ''), nullif(concat_ws(' ', p.post_code, p.city), '')),
    coalesce(p.comments, ''),
    coalesce((SELECT q.title FROM raw_material_qualities q WHERE q.id = p.raw_material_quality_id), ''),
    coalesce((SELECT concat_ws(', ', nullif(concat_ws(' ', s.street, s.building_number), ''), nullif(concat_ws(' ', s.post_code, s.city), ''))
      FROM contracts s WHERE s.id = sale), ''))
  FROM contracts p WHERE p.id = purchase
$$;
--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "contracts_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "allocations" SET "contracts_search_text" = coalesce(allocation_contracts_search_text(purchase_id, sales_id), '');--> statement-breakpoint
ALTER TABLE "allocations" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(purchase_document_number, '') || E'\x1f' || coalesce(sales_document_number, '') || E'\x1f' || coalesce(supplier_code, '') || E'\x1f' || coalesce(recipient_code, '') || E'\x1f' || coalesce(contracts_search_text, ''))) STORED;--> statement-breakpoint
CREATE FUNCTION copy_allocation_contracts_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.contracts_search_text := coalesce(allocation_contracts_search_text(NEW.purchase_id, NEW.sales_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER allocations_contracts_search_text BEFORE INSERT OR UPDATE OF purchase_id, sales_id ON allocations
  FOR EACH ROW EXECUTE FUNCTION copy_allocation_contracts_search_text();
--> statement-breakpoint
-- Migration 0014's trigger, now also for the contract values the search text copies: the touched allocations are
-- locked in ascending id (db/locks.ts, after the contracts the statement has just updated), then rewritten.
CREATE OR REPLACE FUNCTION copy_contract_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
  touched integer[];
BEGIN
  SELECT array_agg(n.id) INTO changed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.status, n.street, n.building_number, n.post_code, n.city, n.comments, n.raw_material_quality_id)
      IS DISTINCT FROM (o.status, o.street, o.building_number, o.post_code, o.city, o.comments, o.raw_material_quality_id);
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
  UPDATE allocations a SET purchase_status = p.status, sales_status = s.status,
      contracts_search_text = coalesce(allocation_contracts_search_text(a.purchase_id, a.sales_id), '')
    FROM contracts p, contracts s
    WHERE a.id = ANY (touched) AND p.id = a.purchase_id AND s.id = a.sales_id
      AND (a.purchase_status, a.sales_status, a.contracts_search_text) IS DISTINCT FROM
        (p.status, s.status, coalesce(allocation_contracts_search_text(a.purchase_id, a.sales_id), ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A quality renamed (dictionary): the allocations whose purchase has it, locked in ascending id, then rewritten.
CREATE FUNCTION copy_quality_title() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  SELECT array_agg(a.id ORDER BY a.id) INTO touched
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN contracts p ON p.raw_material_quality_id = n.id
    JOIN allocations a ON a.purchase_id = p.id
    WHERE n.title IS DISTINCT FROM o.title;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM allocations WHERE id = ANY (touched) ORDER BY id FOR UPDATE;
  UPDATE allocations a SET contracts_search_text = coalesce(allocation_contracts_search_text(a.purchase_id, a.sales_id), '')
    WHERE a.id = ANY (touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER allocations_copy_quality_title AFTER UPDATE ON raw_material_qualities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copy_quality_title();
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS allocations_search_idx ON allocations USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
