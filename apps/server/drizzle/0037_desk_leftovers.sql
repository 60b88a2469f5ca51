-- A carrier's transports newest first, for the new-transport form's freight prefill (its last price on a route);
-- it starts with carrier_id, so it serves everything the single-column carrier index did.
CREATE INDEX "transports_carrier_loading_idx" ON "transports" USING btree ("carrier_id","date_loading","id");
--> statement-breakpoint
DROP INDEX "transports_carrier_idx";
--> statement-breakpoint
-- The statement sorts by the invoice's number and date too: one index per sort key, (key, id) as the ORDER BY, kind
-- and status last so that a filtered page reads the index alone (as the other sort keys).
CREATE INDEX "transactions_invoice_number_idx" ON "transactions" USING btree ("invoice_number","id","kind","status");
--> statement-breakpoint
CREATE INDEX "transactions_invoice_date_idx" ON "transactions" USING btree ("invoice_date","id","kind","status");
