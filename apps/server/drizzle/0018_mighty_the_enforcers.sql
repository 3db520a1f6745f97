CREATE TABLE "upstream_pace_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"upstream" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upstream_channels" ADD COLUMN "margin_floor_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "upstream_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "upstream_pace_slots_upstream_taken_at_idx" ON "upstream_pace_slots" USING btree ("upstream","taken_at");--> statement-breakpoint
ALTER TABLE "upstream_channels" ADD CONSTRAINT "upstream_channels_margin_floor_check" CHECK ("upstream_channels"."margin_floor_percent" between 0 and 100);