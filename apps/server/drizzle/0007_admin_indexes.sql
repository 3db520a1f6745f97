-- Indexes the admin queries need on other modules' tables (docs/admin-figures.md, "Indexes").
-- Custom SQL: the tables' Drizzle definitions do not list these, so drizzle-kit leaves them alone.
-- The 30-day windows of the dashboard and the feature analytics read only this index.
CREATE INDEX IF NOT EXISTS "tasks_created_at_idx" ON "tasks" USING btree ("created_at") INCLUDE ("user_id", "service", "status", "id");--> statement-breakpoint
-- The users list: newest first, paged by (created_at, id).
CREATE INDEX IF NOT EXISTS "users_created_at_id_idx" ON "users" USING btree ("created_at", "id");--> statement-breakpoint
-- Revenue by month from succeeded payments.
CREATE INDEX IF NOT EXISTS "payments_paid_at_idx" ON "payments" USING btree ("paid_at") INCLUDE ("amount_cents") WHERE "status" = 'paid';--> statement-breakpoint
-- The ledger check sums every account's entries from the index alone.
CREATE INDEX IF NOT EXISTS "credit_entries_user_id_delta_idx" ON "credit_entries" USING btree ("user_id") INCLUDE ("delta");
