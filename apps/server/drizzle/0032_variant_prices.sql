ALTER TABLE "price_quotes" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "variant" text;