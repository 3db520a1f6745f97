import type { Service, TaskStatus } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * What processes tell each other about a user's tasks and sessions, through PostgreSQL
 * `NOTIFY conduit_events`: every API process LISTENs once and hands each message to the open
 * event streams of that workspace (tasks) or user (sessions). A payload is a JSON array of messages, kept small: ids, status, service.
 */
export const EVENTS_CHANNEL = 'conduit_events';

export type ChannelMessage =
  | { kind: 'task'; workspaceId: string; taskId: string; service: Service; status: TaskStatus }
  /** The user's sessions changed (sign-out, password change, deactivation): recheck their streams. */
  | { kind: 'sessions'; userId: string }
  /** The upstream called back for a task: a sync call waiting for it in any process looks now. */
  | { kind: 'wake'; taskId: string }
  /** The workspace has new webhook events: its streams read them from the event store. */
  | { kind: 'event'; workspaceId: string }
  /** The workspace's keys changed (deleted, rolled, narrowed) or it was deleted: recheck its key streams. */
  | { kind: 'keys'; workspaceId: string };

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; stay well under it. */
export const MAX_PAYLOAD_BYTES = 7_000;

/** The messages as as few payloads as fit under the limit, in order. */
export function packMessages(messages: ChannelMessage[]): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  for (const message of messages) {
    const part = JSON.stringify(message);
    const size = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${parts.join(',')}]`);
      parts = [];
      bytes = 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

const isMessage = (value: unknown): value is ChannelMessage => {
  const message = value as {
    kind?: unknown;
    userId?: unknown;
    workspaceId?: unknown;
    taskId?: unknown;
    status?: unknown;
  } | null;
  if (message?.kind === 'sessions') return typeof message.userId === 'string';
  if (message?.kind === 'wake') return typeof message.taskId === 'string';
  if (message?.kind === 'event' || message?.kind === 'keys') return typeof message.workspaceId === 'string';
  return (
    message?.kind === 'task' &&
    typeof message.workspaceId === 'string' &&
    typeof message.taskId === 'string' &&
    typeof message.status === 'string'
  );
};

/** The messages of one payload; anything unreadable is dropped (the channel is ours, but be strict). */
export function parseMessages(payload: string): ChannelMessage[] {
  try {
    const parsed: unknown = JSON.parse(payload);
    return Array.isArray(parsed) ? parsed.filter(isMessage) : [];
  } catch {
    return [];
  }
}

/**
 * Tells every process that a user's sessions changed, so streams opened with a revoked session
 * end now rather than at their next heartbeat. Inside a transaction, PostgreSQL delivers it on commit.
 */
export async function notifySessionsChanged(db: DbOrTx, userId: string): Promise<void> {
  const payload = JSON.stringify([{ kind: 'sessions', userId } satisfies ChannelMessage]);
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

/**
 * Tells every process that a workspace's keys changed, so an event stream opened with a key that
 * no longer answers to its secret or its caller's address ends now. Delivered on commit.
 */
export async function notifyKeysChanged(db: DbOrTx, workspaceId: string): Promise<void> {
  const payload = JSON.stringify([{ kind: 'keys', workspaceId } satisfies ChannelMessage]);
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}
