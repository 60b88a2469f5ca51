-- The allocations page opens newest first: its default sort walks this index.
CREATE INDEX IF NOT EXISTS "allocations_created_at_idx" ON "allocations" USING btree ("created_at","id");
