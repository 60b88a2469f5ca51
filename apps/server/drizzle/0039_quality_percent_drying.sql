-- Quality terms gain a percentage-of-price mode and a drying fee per point of moisture (rules/quality.ts). Terms
-- stored before have neither: they get the values that change nothing (amounts, no fee), keeping their own fields,
-- so every stored term (a price option's, and those a delivery settled by) has the same shape.
UPDATE "contract_price_options" SET "quality_terms" = (
  SELECT coalesce(jsonb_agg('{"isPercentOfPrice": false, "dryingFeePerPoint": null}'::jsonb || t.term ORDER BY t.n), '[]'::jsonb)
  FROM jsonb_array_elements("quality_terms") WITH ORDINALITY AS t(term, n)
) WHERE jsonb_typeof("quality_terms") = 'array' AND jsonb_array_length("quality_terms") > 0;
--> statement-breakpoint
UPDATE "transactions" SET "quality_settlement" = jsonb_set("quality_settlement", '{terms}', (
  SELECT coalesce(jsonb_agg('{"isPercentOfPrice": false, "dryingFeePerPoint": null}'::jsonb || t.term ORDER BY t.n), '[]'::jsonb)
  FROM jsonb_array_elements("quality_settlement"->'terms') WITH ORDINALITY AS t(term, n)
)) WHERE jsonb_typeof("quality_settlement"->'terms') = 'array';
