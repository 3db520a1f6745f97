-- The admin cost-and-margin figures sum each call's cost, refund and upstream cost over months of
-- calls (docs/admin-figures.md, "Indexes"): the covering index of the time windows carries those
-- columns too, so they are read from the index alone instead of from every task row.
-- Custom SQL, as in 0007: the tasks table's Drizzle definition does not list this index.
DROP INDEX IF EXISTS "tasks_created_at_idx";--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at") INCLUDE ("workspace_id", "service", "status", "id", "cost", "credits_refunded", "upstream_cost_micros");
