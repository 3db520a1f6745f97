-- The rows every paid call writes (its task, ledger entry, task.started event and deliveries, and
-- request log line) drop their foreign keys to workspaces and api_keys. Each such row's workspace
-- is the one the call's debit locked in the same statement (credit_accounts keeps its foreign key)
-- or the one its key authenticated, and its key is the authenticated key; the checks only repeated
-- that, one per row, each taking a share lock on the workspace row that concurrent transactions
-- (the account's next batch, the request log's insert) then hold together as a multixact. Under
-- load that was a sixth of PostgreSQL's CPU per paid call
-- (docs/decisions/0018-hot-rows-without-foreign-keys.md).
-- What the foreign keys also guaranteed, that a row never outlives its workspace or key, is kept
-- by refusing their deletion: workspaces and keys are never deleted (a team is marked deleted, a
-- key revoked), and now a DELETE of one fails.
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "request_log" DROP CONSTRAINT "request_log_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_api_key_id_api_keys_id_fk";
--> statement-breakpoint
CREATE FUNCTION "refuse_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted: rows of paid calls refer to them', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_never_deleted" BEFORE DELETE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION "refuse_delete"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_never_deleted" BEFORE DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "refuse_delete"();
