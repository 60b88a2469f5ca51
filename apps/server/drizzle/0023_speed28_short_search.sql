-- Searches of one or two characters find the rows where a word starts with them (db/search.ts): a trigram index
-- cannot serve terms under three characters, and '%a%' matches most rows. The words' one- and two-character
-- prefixes of a row's search text, indexed by GIN, serve `search_word_prefixes(search_text) @> ARRAY[term]`.
-- Words are split at the unit separator between values and at white space (db/columns.ts searchText).
CREATE OR REPLACE FUNCTION search_word_prefixes(search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT prefix), '{}')
  FROM unnest(regexp_split_to_array(search_text, E'[\\x1f \\t\\n\\r\\f\\v]+')) AS word,
    LATERAL (VALUES (left(word, 1)), (left(word, 2))) AS prefixes(prefix)
  WHERE word <> ''
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contracts_search_prefix_idx ON contracts USING gin (search_word_prefixes(search_text));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS allocations_search_prefix_idx ON allocations USING gin (search_word_prefixes(search_text));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transports_search_prefix_idx ON transports USING gin (search_word_prefixes(search_text));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_search_prefix_idx ON transactions USING gin (search_word_prefixes(search_text));
