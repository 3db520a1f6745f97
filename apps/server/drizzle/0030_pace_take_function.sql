-- The PostgreSQL pace of an upstream's creates (modules/channels/upstream-pace.ts) in one round
-- trip: `select conduit_take_pace_slot($1, $2, $3)` runs in its own implicit transaction, so the
-- advisory lock is held only while this function runs and its transaction commits, not across six
-- round trips of a client. Answers 0 when a slot was taken, else the milliseconds until the oldest
-- slot of the window leaves.
--
-- It must be a VOLATILE function: each of its statements then takes a fresh snapshot, so the delete
-- and the count that follow the lock see every slot committed by the take that held the lock before.
-- A single SQL statement (a CTE that takes the lock) would count on the snapshot taken before it
-- waited for the lock, miss those slots and grant more than the limit. For the same reason it refuses
-- to run under a stricter isolation level, where the whole transaction has one snapshot.
--
-- Same lock key and table as the six-statement take it replaces, so processes of both versions
-- share one window during a rolling deploy.
CREATE OR REPLACE FUNCTION conduit_take_pace_slot(p_upstream text, p_limit integer, p_window_ms integer)
RETURNS integer
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_window interval := make_interval(secs => p_window_ms / 1000.0);
  v_now timestamptz;
  v_taken integer;
  v_oldest timestamptz;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'conduit_take_pace_slot needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('conduit:pace:' || p_upstream, 0));
  -- The database's clock, read once the lock is held: slots are taken in the order of their times.
  v_now := clock_timestamp();
  DELETE FROM upstream_pace_slots WHERE upstream = p_upstream AND taken_at <= v_now - v_window;
  SELECT count(*)::integer, min(taken_at) INTO v_taken, v_oldest
    FROM upstream_pace_slots WHERE upstream = p_upstream;
  IF v_taken < p_limit THEN
    INSERT INTO upstream_pace_slots (id, upstream, taken_at) VALUES (gen_random_uuid()::text, p_upstream, v_now);
    RETURN 0;
  END IF;
  -- No slot to wait for (a limit of 0): a whole window.
  RETURN greatest(1, ceil(extract(epoch FROM coalesce(v_oldest + v_window - v_now, v_window)) * 1000))::integer;
END
$$;
