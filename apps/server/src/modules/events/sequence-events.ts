import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';

/**
 * The event stream's read in one round trip ($1 workspace, $2 the seq it has had, $3 how many):
 * numbers the workspace's events, then answers those after $2 in order, from a statement of its own
 * inside the function (migration 0031).
 */
export const EVENTS_AFTER_SQL =
  'select id, seq, type, body, is_test from conduit_webhook_events_after($1, $2, $3)';

/**
 * Numbers a workspace's committed events that hold only their provisional, negative `seq`
 * (migration 0031), in the order they were written. Every reader of events by `seq` (the events
 * API, the event stream) runs it first, then reads positive numbers only in a statement of its
 * own, whose snapshot holds the numbers just given. An event still in flight when a reader passes
 * is numbered after it commits, above everything that reader has seen: a cursor never moves past
 * an event it did not get.
 *
 * Runs in its own implicit transaction (not inside a caller's), so its lock is held for one
 * statement only.
 */
export async function sequenceEvents(db: Db, workspaceId: string): Promise<void> {
  await db.execute(sql`select conduit_sequence_webhook_events(${workspaceId})`);
}
