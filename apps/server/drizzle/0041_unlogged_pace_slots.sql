-- The pace slots (conduit_take_pace_slots, migration 0030) are kept without WAL. Every create and
-- every status read of a kie.ai task takes a slot when Redis is not configured, each in a transaction
-- of its own, and that transaction waited for its commit's WAL flush, though a slot is worth
-- something for one pace window (about ten seconds) only. Unlogged, a take writes no WAL and its commit does
-- not wait for a flush: 0.31-0.37 ms a take against 0.46-0.64 ms, timed on this project's machine, two
-- takes on every sync kie call's path. What is given up: after a crash of PostgreSQL (not a clean
-- restart) the table comes back empty, so for one window the pace may let through more than the
-- limit. kie.ai then answers 429 to the excess, which the engine already retries after its back-off.
-- Replicas do not have the table's rows: only the primary takes slots.
ALTER TABLE "upstream_pace_slots" SET UNLOGGED;
