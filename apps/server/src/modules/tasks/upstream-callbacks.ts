import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { tasks } from './schema.ts';

/**
 * A verified callback only moves the task's next look to now: polling stays the source of
 * truth, so a duplicate, late or lying callback cannot settle anything. Returns whether a
 * processing task of ours had that upstream id (the ids of those tasks).
 */
export async function pollTaskNow(db: Db, upstreamTaskId: string): Promise<string[]> {
  const rows = await db
    .update(tasks)
    .set({ nextCheckAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tasks.upstreamId, upstreamTaskId), eq(tasks.status, 'processing')))
    .returning({ id: tasks.id });
  return rows.map((row) => row.id);
}

/**
 * A signed callback for one of our tasks whose create answer was lost (or is still on its way):
 * the task takes kie's task id and is polled now, from that id, as if the create had answered.
 * Only a processing task without an upstream job is changed, so a duplicate changes nothing. The
 * create is dated when it was sent (`upstream_started_at`, written when it was lost) or now.
 */
export async function recoverLostCreate(db: Db, taskId: string, upstreamTaskId: string): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      upstreamId: upstreamTaskId,
      upstreamStartedAt: sql`coalesce(${tasks.upstreamStartedAt}, now())`,
      nextCheckAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing'), isNull(tasks.upstreamId)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}
