-- The PostgreSQL pace of an upstream's creates (modules/channels/upstream-pace.ts) in one round
-- trip: `select * from conduit_take_pace_slots($1, $2, $3, $4)` runs in its own implicit
-- transaction, so the advisory lock is held only while this function runs and its transaction
-- commits, not across six round trips of a client. Takes up to `p_wanted` slots (the takes a
-- process has waiting at once) while fewer than `p_limit` are in the window; answers how many it
-- took and, when it took fewer than wanted, the milliseconds until the oldest slot leaves.
--
-- It must be a VOLATILE function: each of its statements then takes a fresh snapshot, so the delete
-- and the count that follow the lock see every slot committed by the take that held the lock before.
-- A single SQL statement (a CTE that takes the lock) would count on the snapshot taken before it
-- waited for the lock, miss those slots and grant more than the limit. For the same reason it refuses
-- to run under a stricter isolation level, where the whole transaction has one snapshot.
--
-- Same lock key and table as the six-statement take it replaces, so processes of both versions
-- share one window during a rolling deploy.
CREATE OR REPLACE FUNCTION conduit_take_pace_slots(
  p_upstream text, p_limit integer, p_window_ms integer, p_wanted integer,
  OUT granted integer, OUT wait_ms integer)
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
    RAISE EXCEPTION 'conduit_take_pace_slots needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('conduit:pace:' || p_upstream, 0));
  -- The database's clock, read once the lock is held: slots are taken in the order of their times.
  v_now := clock_timestamp();
  DELETE FROM upstream_pace_slots WHERE upstream = p_upstream AND taken_at <= v_now - v_window;
  SELECT count(*)::integer, min(taken_at) INTO v_taken, v_oldest
    FROM upstream_pace_slots WHERE upstream = p_upstream;
  granted := least(greatest(p_limit - v_taken, 0), greatest(p_wanted, 0));
  INSERT INTO upstream_pace_slots (id, upstream, taken_at)
    SELECT gen_random_uuid()::text, p_upstream, v_now FROM generate_series(1, granted);
  wait_ms := 0;
  IF granted < p_wanted THEN
    -- The window is full: the oldest slot, or the ones just taken when it held none, leaves first.
    wait_ms := greatest(1, ceil(extract(epoch FROM coalesce(v_oldest, v_now) + v_window - v_now) * 1000))::integer;
  END IF;
END
$$;
