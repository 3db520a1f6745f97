ALTER TABLE "tasks" ADD COLUMN "results_expire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "results_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_results_to_delete_idx" ON "tasks" USING btree ("results_expire_at") WHERE "tasks"."results_expire_at" is not null and "tasks"."results_deleted_at" is null;--> statement-breakpoint
-- Results stored before retention existed are kept the default 30 days from their completion.
UPDATE "tasks" SET "results_expire_at" = "completed_at" + interval '30 days' WHERE "status" = 'completed' AND jsonb_array_length(coalesce("result"->'resultUrls', '[]'::jsonb)) > 0;
