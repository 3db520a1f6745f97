-- A webhook event's `seq` (the order of the events API and the event stream) was taken from the
-- serial when its row was inserted, not when its transaction committed: a reader could see seq N+1
-- committed while N was still in flight, move its cursor past N and never list or stream N. From
-- now on an event is inserted with a provisional negative number (minus the serial's next value:
-- the order it was written in), and `conduit_sequence_webhook_events` gives a workspace's committed
-- events their positive number, under a lock per workspace held until it commits: each pass's
-- numbers are above every earlier pass's, and a reader sees a pass whole or not at all. Readers run
-- it before they read and only read positive numbers (modules/webhooks/sequence-events.ts).
-- Writers take no new lock. Events already stored keep their numbers.
ALTER TABLE "webhook_events" ALTER COLUMN "seq" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "seq" SET DEFAULT -nextval('webhook_events_seq_seq'::regclass);--> statement-breakpoint
CREATE INDEX "webhook_events_unsequenced_idx" ON "webhook_events" USING btree ("workspace_id","seq") WHERE "webhook_events"."seq" < 0;--> statement-breakpoint
-- VOLATILE and READ COMMITTED: the update after the lock takes a fresh snapshot, so it sees the
-- numbers the pass that held the lock before committed and never numbers an event twice. Numbers
-- in the order the events were written (the provisional numbers, highest first). Answers how many
-- it numbered (0 without taking the lock when none waits, the usual case).
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
  IF NOT EXISTS (SELECT 1 FROM webhook_events WHERE workspace_id = p_workspace_id AND seq < 0) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('conduit:event-seq:' || p_workspace_id, 0));
  -- ORDER BY at the level of nextval() numbers the rows after they are sorted.
  WITH numbered AS MATERIALIZED (
    SELECT w.id, nextval('webhook_events_seq_seq'::regclass) AS new_seq
      FROM webhook_events w
     WHERE w.workspace_id = p_workspace_id AND w.seq < 0
     ORDER BY w.seq DESC
  )
  UPDATE webhook_events e SET seq = numbered.new_seq FROM numbered WHERE e.id = numbered.id;
  GET DIAGNOSTICS v_numbered = ROW_COUNT;
  RETURN v_numbered;
END
$$;
--> statement-breakpoint
-- The event stream's read in one round trip: number the workspace's committed events, then answer
-- those after `p_after` in number order. The select is a statement of its own inside the function,
-- so its snapshot holds the numbers just given (a single SQL statement's would not).
CREATE OR REPLACE FUNCTION conduit_webhook_events_after(p_workspace_id text, p_after bigint, p_limit integer)
RETURNS TABLE (id text, seq bigint, type text, body text, is_test boolean)
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  PERFORM conduit_sequence_webhook_events(p_workspace_id);
  RETURN QUERY
    SELECT e.id, e.seq, e.type, e.body, e.is_test
      FROM webhook_events e
     WHERE e.workspace_id = p_workspace_id AND e.seq > p_after
     ORDER BY e.seq
     LIMIT p_limit;
END
$$;
