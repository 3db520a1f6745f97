-- A webhook event's `seq` (the order of the events API and the event stream) was taken from the
-- serial when its row was inserted, not when its transaction committed: a reader could see seq N+1
-- committed while N was still in flight, move its cursor past N and never list or stream N. From
-- now on an event is inserted with no `seq`, and `conduit_sequence_webhook_events` gives one to a
-- workspace's committed events that have none, under a lock per workspace held until it commits:
-- each pass's numbers are above every earlier pass's, and a reader sees a pass whole or not at all.
-- Readers run it before they read (modules/webhooks/sequence-events.ts). Writers take no new lock.
-- Events already stored keep their numbers; the serial's sequence keeps numbering the new ones.
ALTER TABLE "webhook_events" ALTER COLUMN "seq" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "seq" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_unsequenced_idx" ON "webhook_events" USING btree ("workspace_id","created_at") WHERE "webhook_events"."seq" is null;--> statement-breakpoint
-- VOLATILE and READ COMMITTED: the update after the lock takes a fresh snapshot, so it sees the
-- numbers the pass that held the lock before committed and never numbers an event twice. Answers
-- how many events it numbered (0 without taking the lock when none waits, the usual case).
CREATE OR REPLACE FUNCTION conduit_sequence_webhook_events(p_workspace_id text)
RETURNS integer
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_numbered integer;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'conduit_sequence_webhook_events needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM webhook_events WHERE workspace_id = p_workspace_id AND seq IS NULL) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('conduit:event-seq:' || p_workspace_id, 0));
  -- Oldest first; ORDER BY at the level of nextval() numbers the rows after they are sorted.
  WITH numbered AS MATERIALIZED (
    SELECT id, nextval(pg_get_serial_sequence('webhook_events', 'seq')) AS seq
      FROM webhook_events
     WHERE workspace_id = p_workspace_id AND seq IS NULL
     ORDER BY created_at, id
  )
  UPDATE webhook_events e SET seq = numbered.seq FROM numbered WHERE e.id = numbered.id;
  GET DIAGNOSTICS v_numbered = ROW_COUNT;
  RETURN v_numbered;
END
$$;
