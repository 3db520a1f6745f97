ALTER TABLE "request_log" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
CREATE INDEX "request_log_metadata_idx" ON "request_log" USING gin ("metadata" jsonb_path_ops) WHERE "request_log"."metadata" is not null;--> statement-breakpoint
CREATE INDEX "tasks_metadata_idx" ON "tasks" USING gin ("metadata" jsonb_path_ops) WHERE "tasks"."metadata" is not null;