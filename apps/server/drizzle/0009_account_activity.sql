ALTER TABLE "credit_accounts" ADD COLUMN "last_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "streak_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "prev_streak_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_image_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_video_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_sora_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_linkedin_at" timestamp with time zone;--> statement-breakpoint
-- Backfill from the calls so far: the same statement as REBUILD_ACTIVITY_SQL in modules/credits/account-activity.ts.
with calls as (
  select user_id, service, created_at,
         created_at - lag(created_at) over (partition by user_id order by created_at) as gap
    from tasks
), summary as (
  select user_id,
         max(created_at) as last_call_at,
         max(created_at) filter (where gap is null or gap > interval '30 days') as streak_start_at,
         max(created_at) filter (where service = 'image') as last_image_at,
         max(created_at) filter (where service = 'video') as last_video_at,
         max(created_at) filter (where service = 'sora') as last_sora_at,
         max(created_at) filter (where service = 'linkedin') as last_linkedin_at
    from calls group by user_id
), with_previous as (
  select s.*, (select max(t.created_at) from tasks t
                where t.user_id = s.user_id and t.created_at < s.streak_start_at) as prev_streak_last_at
    from summary s
)
update credit_accounts c
   set last_call_at = w.last_call_at, streak_start_at = w.streak_start_at,
       prev_streak_last_at = w.prev_streak_last_at, last_image_at = w.last_image_at,
       last_video_at = w.last_video_at, last_sora_at = w.last_sora_at, last_linkedin_at = w.last_linkedin_at
  from with_previous w
 where c.user_id = w.user_id;
