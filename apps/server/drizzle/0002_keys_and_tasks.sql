CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"cost" integer NOT NULL,
	"credits_refunded" integer DEFAULT 0 NOT NULL,
	"engine" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"upstream_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"callback_url" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "tasks_service_check" CHECK ("tasks"."service" in ('image', 'video', 'sora', 'linkedin')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('processing', 'completed', 'failed')),
	CONSTRAINT "tasks_cost_check" CHECK ("tasks"."cost" > 0),
	CONSTRAINT "tasks_rating_check" CHECK ("tasks"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rate_limit_per_minute" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rate_limit_per_hour" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rate_limit_per_day" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING btree ("user_id") WHERE "api_keys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_user_id_created_at_idx" ON "tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_processing_idx" ON "tasks" USING btree ("next_check_at") WHERE "tasks"."status" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_id_idempotency_key_idx" ON "tasks" USING btree ("user_id","idempotency_key") WHERE "tasks"."idempotency_key" is not null;