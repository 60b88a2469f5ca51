-- Row counters (schema rowCounts): statement triggers add each statement's net change per group in the
-- statement's own transaction, so counts stay exact under concurrent writers. Groups are upserted in key order
-- and a statement that moves no row between groups writes nothing.
CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  group_sql text := tg_argv[0];
  changes text;
BEGIN
  IF tg_op = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE table_name = tg_table_name;
    RETURN NULL;
  END IF;
  changes := CASE tg_op
    WHEN 'INSERT' THEN format('SELECT %s AS row_group, 1 AS delta FROM new_rows', group_sql)
    WHEN 'DELETE' THEN format('SELECT %s AS row_group, -1 AS delta FROM old_rows', group_sql)
    ELSE format('SELECT %1$s AS row_group, 1 AS delta FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', group_sql)
  END;
  EXECUTE format(
    'INSERT INTO row_counts (table_name, row_group, row_count)
     SELECT %L, row_group, sum(delta) FROM (%s) AS change
     GROUP BY row_group HAVING sum(delta) <> 0 ORDER BY row_group
     ON CONFLICT (table_name, row_group) DO UPDATE SET row_count = row_counts.row_count + excluded.row_count',
    tg_table_name, changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE PROCEDURE count_rows_of(table_name text, group_sql text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_rows(%3$L)', table_name || '_count_insert', table_name, group_sql);
  EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE ON %2$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_rows(%3$L)', table_name || '_count_update', table_name, group_sql);
  EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_rows(%3$L)', table_name || '_count_delete', table_name, group_sql);
  EXECUTE format('CREATE TRIGGER %1$I AFTER TRUNCATE ON %2$I
    FOR EACH STATEMENT EXECUTE FUNCTION count_rows()', table_name || '_count_truncate', table_name);
  -- Rows already there (a database migrated with data in it).
  EXECUTE format('INSERT INTO row_counts (table_name, row_group, row_count)
    SELECT %1$L, row_group, count(*) FROM (SELECT %2$s AS row_group FROM %1$I) AS existing GROUP BY row_group',
    table_name, group_sql);
END $$;
--> statement-breakpoint
-- The groups db/row-counts.ts reads: contracts by type, transports by status, transactions by kind and by status.
CALL count_rows_of('contracts', $$'type:' || type$$);
--> statement-breakpoint
CALL count_rows_of('allocations', $$'all'$$);
--> statement-breakpoint
CALL count_rows_of('transports', $$'status:' || status$$);
--> statement-breakpoint
CALL count_rows_of('transactions', $$unnest(array['kind:' || kind, 'status:' || status])$$);
--> statement-breakpoint
DROP PROCEDURE count_rows_of(text, text);
