ALTER TABLE "tasks" DROP CONSTRAINT "tasks_cost_check";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_mode_check" CHECK ("api_keys"."mode" in ('live', 'test'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_cost_check" CHECK ("tasks"."cost" > 0 or not "tasks"."livemode");