CREATE TABLE "kie_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"set_aside_at" timestamp with time zone,
	"set_aside_code" integer,
	"set_aside_reason" text,
	"balance" double precision,
	"balance_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "upstream_account" text;