CREATE TABLE "ledger_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"accounts" integer NOT NULL,
	"mismatched" integer NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_checks_checked_at_idx" ON "ledger_checks" USING btree ("checked_at");