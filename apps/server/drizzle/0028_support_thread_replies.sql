-- A thread's replies come from either side now: the user who opened the ticket or an admin.
-- Every reply so far is an admin's, and its writer keeps being named by the renamed column.
ALTER TABLE "support_replies" RENAME COLUMN "admin_user_id" TO "author_user_id";--> statement-breakpoint
ALTER TABLE "support_replies" RENAME CONSTRAINT "support_replies_admin_user_id_users_id_fk" TO "support_replies_author_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "support_replies" ADD COLUMN "author" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_replies" ALTER COLUMN "author" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_check" CHECK ("support_replies"."author" in ('user', 'admin'));
