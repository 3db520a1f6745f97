CREATE TABLE "channel_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_ok" boolean NOT NULL,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"upstream" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"priority" integer NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstream_channels_priority_check" CHECK ("upstream_channels"."priority" between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "upstream_cost_micros" integer;--> statement-breakpoint
CREATE INDEX "channel_calls_channel_id_at_idx" ON "channel_calls" USING btree ("channel_id","at");