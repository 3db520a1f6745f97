import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { Unauthorized } from '../../platform/errors.ts';
import { tasks } from '../tasks/schema.ts';

/** Where kie.ai calls us back when a job changes state (only when KIE_WEBHOOK_HMAC_KEY is set). */
export const KIE_CALLBACK_PATH = '/api/engines/kie/callback';
/** A callback whose timestamp is further than this from our clock is refused (replays, skew). */
export const KIE_CALLBACK_TOLERANCE_S = 300;

/**
 * base64(HMAC-SHA256(`${taskId}.${timestamp}`, key)), kie's signature
 * (docs/upstreams.md, "kie.ai: signed callbacks").
 */
export function kieCallbackSignature(hmacKey: string, upstreamTaskId: string, timestamp: string): string {
  return createHmac('sha256', hmacKey).update(`${upstreamTaskId}.${timestamp}`).digest('base64');
}

/** kie's task id from either callback shape: `{ data: { taskId } }` (jobs and Veo) or a bare `{ taskId }`. */
function upstreamTaskIdOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as { taskId?: unknown; data?: { taskId?: unknown } | null };
  const id = record.data?.taskId ?? record.taskId;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : undefined;
}

/**
 * Checks a kie.ai callback: the signature over its task id and timestamp, compared in constant
 * time, and a fresh timestamp. Returns kie's task id; anything else is refused with 401.
 */
export function verifyKieCallback(input: {
  hmacKey: string;
  body: unknown;
  timestamp: string | undefined;
  signature: string | undefined;
  nowMs: number;
}): string {
  const upstreamTaskId = upstreamTaskIdOf(input.body);
  const seconds = Number(input.timestamp);
  if (!upstreamTaskId || !input.signature || !input.timestamp || !Number.isInteger(seconds)) {
    throw new Unauthorized('Missing or malformed kie.ai callback signature');
  }
  if (Math.abs(input.nowMs / 1000 - seconds) > KIE_CALLBACK_TOLERANCE_S) {
    throw new Unauthorized('Stale kie.ai callback timestamp');
  }
  const expected = Buffer.from(kieCallbackSignature(input.hmacKey, upstreamTaskId, input.timestamp));
  const given = Buffer.from(input.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new Unauthorized('Invalid kie.ai callback signature');
  }
  return upstreamTaskId;
}

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
