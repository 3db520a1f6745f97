-- Veo's errorCode 500 ("try again later") starts a new upstream job, at most twice: counted here.
ALTER TABLE "tasks" ADD COLUMN "upstream_restarts" smallint DEFAULT 0 NOT NULL;