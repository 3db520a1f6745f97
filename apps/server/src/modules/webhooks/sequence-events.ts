import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';

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
export const SEQUENCE_EVENTS_SQL = 'select conduit_sequence_webhook_events($1) as numbered';

export async function sequenceEvents(db: Db, workspaceId: string): Promise<void> {
  await db.execute(sql`select conduit_sequence_webhook_events(${workspaceId})`);
}
