CREATE TABLE "balance_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"threshold" integer NOT NULL,
	"is_armed" boolean DEFAULT true NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_alerts_workspace_threshold_key" UNIQUE("workspace_id","threshold"),
	CONSTRAINT "balance_alerts_threshold_check" CHECK ("balance_alerts"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spend_limit_credits" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spend_limit_period" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spent_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spent_period" text DEFAULT 'total' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_limit_per_minute" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "ip_allowlist" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_key_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_key_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "webhook_secret_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "webhook_secret_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_alerts" ADD CONSTRAINT "balance_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_alerts_armed_idx" ON "balance_alerts" USING btree ("workspace_id") WHERE "balance_alerts"."is_armed";--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_key_hash_idx" ON "api_keys" USING btree ("previous_key_hash") WHERE "api_keys"."previous_key_hash" is not null;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_spend_limit_check" CHECK (("api_keys"."spend_limit_credits" is null) = ("api_keys"."spend_limit_period" is null) and coalesce("api_keys"."spend_limit_credits", 1) > 0);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_spent_check" CHECK ("api_keys"."spent_credits" >= 0);