CREATE TABLE "upstream_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"upstream" text NOT NULL,
	"is_raised" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"value" double precision,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raised_at" timestamp with time zone
);
