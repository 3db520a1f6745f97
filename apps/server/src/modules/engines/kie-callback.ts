import { createHmac, timingSafeEqual } from 'node:crypto';
import { Unauthorized } from '../../platform/errors.ts';

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

/**
 * Our reference to one task in its callback URL: an HMAC of our task id under the same key, so a
 * callback URL naming a task cannot be made up without the key.
 */
export function kieCallbackRef(hmacKey: string, taskId: string): string {
  return createHmac('sha256', hmacKey).update(`conduit-task.${taskId}`).digest('base64url').slice(0, 32);
}

/**
 * The callback URL of one of our tasks: kie calls it back with its own task id in the body. In a
 * pool of accounts it names the account (`acct`, its id), whose HMAC key signs the callback and the ref.
 */
export function kieCallbackUrl(publicUrl: string, hmacKey: string, taskId: string, account?: string): string {
  const query = new URLSearchParams({
    task: taskId,
    ...(account && { acct: account }),
    ref: kieCallbackRef(hmacKey, taskId),
  });
  return `${publicUrl}${KIE_CALLBACK_PATH}?${query}`;
}

/** Our task named by a callback URL, when its reference is ours (compared in constant time). */
export function taskOfCallbackUrl(hmacKey: string, query: unknown): string | undefined {
  const { task, ref } = (query ?? {}) as { task?: unknown; ref?: unknown };
  if (typeof task !== 'string' || typeof ref !== 'string' || task.length > 200) return undefined;
  const expected = Buffer.from(kieCallbackRef(hmacKey, task));
  const given = Buffer.from(ref);
  return expected.length === given.length && timingSafeEqual(expected, given) ? task : undefined;
}

/**
 * kie's task id from any callback shape: `{ data: { taskId } }` (jobs and Veo), `data.task_id`
 * (kie's webhook verification guide reads `req.body.data.task_id`), or a bare `taskId` / `task_id`.
 */
function upstreamTaskIdOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  type Ids = { taskId?: unknown; task_id?: unknown };
  const record = body as Ids & { data?: Ids | null };
  const id = record.data?.taskId ?? record.data?.task_id ?? record.taskId ?? record.task_id;
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
