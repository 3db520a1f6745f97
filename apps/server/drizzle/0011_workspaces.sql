-- Workspaces (docs/decisions/0011-workspaces.md). Every account becomes a personal workspace with
-- the account's own id, so no balance, ledger entry, key, payment or task row changes: the money
-- tables' owner column is renamed (user_id -> workspace_id, metadata only) and now points at
-- workspaces. The tier and rate limits move from users to the workspace they apply to.
CREATE TABLE "workspace_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'developer', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"billing_email" text,
	"tier" text DEFAULT 'free' NOT NULL,
	"max_api_keys" integer NOT NULL,
	"rate_limit_per_minute" integer,
	"rate_limit_per_hour" integer,
	"rate_limit_per_day" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "workspaces_kind_check" CHECK ("workspaces"."kind" in ('personal', 'team')),
	CONSTRAINT "workspaces_tier_check" CHECK ("workspaces"."tier" in ('free', 'pro', 'enterprise')),
	CONSTRAINT "workspaces_max_api_keys_check" CHECK ("workspaces"."max_api_keys" >= 0),
	CONSTRAINT "workspaces_team_name_check" CHECK ("workspaces"."kind" = 'personal' or "workspaces"."name" is not null)
);
--> statement-breakpoint
INSERT INTO "workspaces" ("id", "kind", "tier", "max_api_keys", "rate_limit_per_minute", "rate_limit_per_hour", "rate_limit_per_day", "created_by", "created_at", "deleted_at")
SELECT "id", 'personal', "tier", "max_api_keys", "rate_limit_per_minute", "rate_limit_per_hour", "rate_limit_per_day", "id", "created_at", "deleted_at" FROM "users";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_tier_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_max_api_keys_check";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "max_api_keys";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rate_limit_per_minute";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rate_limit_per_hour";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rate_limit_per_day";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" DROP CONSTRAINT "credit_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "credit_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "credit_entries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "credit_entries_user_id_created_at_idx" RENAME TO "credit_entries_workspace_id_created_at_idx";--> statement-breakpoint
ALTER INDEX IF EXISTS "credit_entries_user_id_delta_idx" RENAME TO "credit_entries_workspace_id_delta_idx";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "api_keys_user_id_idx" RENAME TO "api_keys_workspace_id_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;--> statement-breakpoint
UPDATE "api_keys" SET "created_by" = "workspace_id";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "payments_user_id_created_at_idx" RENAME TO "payments_workspace_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "created_by" text;--> statement-breakpoint
UPDATE "payments" SET "created_by" = "workspace_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "tasks_user_id_created_at_idx" RENAME TO "tasks_workspace_id_created_at_idx";--> statement-breakpoint
ALTER INDEX "tasks_user_id_idempotency_key_idx" RENAME TO "tasks_workspace_id_idempotency_key_idx";--> statement-breakpoint
ALTER TABLE "workspace_audit_log" ADD CONSTRAINT "workspace_audit_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_audit_log" ADD CONSTRAINT "workspace_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_audit_log_workspace_at_idx" ON "workspace_audit_log" USING btree ("workspace_id","at","id");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_id_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members" USING btree ("user_id");
