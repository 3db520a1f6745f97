CREATE TABLE "model_settings" (
	"model_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"credits" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "model_settings_credits_check" CHECK ("model_settings"."credits" is null or "model_settings"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_quotes" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "model_settings" ADD CONSTRAINT "model_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;