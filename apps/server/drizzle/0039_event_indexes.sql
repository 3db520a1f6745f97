-- Every webhook event row is written inside a paid call's debit statement (`task.started`) or its
-- settle (`task.completed` and the rest), so each index on webhook_events is paid for under the
-- account's row lock. Three served no read: the global unique on `seq` (every number comes from
-- one sequence, and readers look numbers up within a workspace), the partial index of unnumbered
-- events (the (workspace_id, seq) index finds a workspace's negative numbers first, in the same
-- range scan), and a btree on created_at read only by the daily purge, which a BRIN index serves
-- (events arrive in time order). Fewer index entries per paid call; timed alone, the debit statement
-- did not move beyond its noise (bench/README.md, "The paid call's statements").
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_seq_unique";--> statement-breakpoint
DROP INDEX "webhook_events_created_at_idx";--> statement-breakpoint
DROP INDEX "webhook_events_unsequenced_idx";--> statement-breakpoint
CREATE INDEX "webhook_events_created_at_brin_idx" ON "webhook_events" USING brin ("created_at");