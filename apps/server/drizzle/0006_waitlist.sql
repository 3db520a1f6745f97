CREATE TABLE "sales_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"name" text NOT NULL,
	"answers" jsonb NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" text,
	"verified_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_seq_unique" UNIQUE("seq"),
	CONSTRAINT "waitlist_entries_email_normalized_unique" UNIQUE("email_normalized"),
	CONSTRAINT "waitlist_entries_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "waitlist_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_referred_by_waitlist_entries_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_verification_tokens" ADD CONSTRAINT "waitlist_verification_tokens_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_contacts_created_at_idx" ON "sales_contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_referred_by_idx" ON "waitlist_entries" USING btree ("referred_by") WHERE "waitlist_entries"."referred_by" is not null and "waitlist_entries"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "waitlist_verification_tokens_entry_id_idx" ON "waitlist_verification_tokens" USING btree ("entry_id");