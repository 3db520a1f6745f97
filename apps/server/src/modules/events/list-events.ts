import type { EventItem, EventsQuery } from '@conduit/contracts';
import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { BadRequest } from '../../platform/errors.ts';
import { type WebhookEventRow, webhookEvents } from './schema.ts';
import { sequenceEvents } from './sequence-events.ts';

/** An event as the events API and the event stream give it: its id and the very body posted. */
export function toEventItem(row: Pick<WebhookEventRow, 'id' | 'body' | 'isTest'>): EventItem {
  return { id: row.id, ...(JSON.parse(row.body) as Omit<EventItem, 'id' | 'isTest'>), isTest: row.isTest };
}

const decodeCursor = (cursor: string) => {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,18}$/.test(seq)) throw new BadRequest('cursor: is not a cursor from this list', 'cursor');
  return Number(seq);
};

/**
 * Numbered events only: an event whose transaction had not committed when the last reader passed
 * still holds its provisional, negative `seq` (sequence-events.ts).
 */
const numbered = gt(webhookEvents.seq, 0);

/**
 * The `seq` of a workspace's event, or null when it has no such event (purged, another's). Run after
 * `sequenceEvents`: a committed event not yet numbered has none.
 */
async function seqOfEvent(db: Db, workspaceId: string, eventId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: webhookEvents.seq })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.workspaceId, workspaceId), numbered));
  return row?.seq ?? null;
}

/** An event that names no service (an account event), or one of `services` (a task event). */
export const eventOfServices = (services: readonly string[]) =>
  sql`coalesce((${webhookEvents.body}::jsonb -> 'data' ->> 'service') = any(array[${sql.join(
    services.map((service) => sql`${service}`),
    sql`, `,
  )}]::text[]), true)`;

/**
 * The workspace's events newest first (GET /api/provider/events): only one type, or only those
 * after an event id or a time (what a receiver missed), paged by an opaque cursor.
 */
export async function listEvents(
  db: Db,
  workspaceId: string,
  query: EventsQuery,
  /** The services the key may call: another service's task events are left out. */
  services: readonly string[],
  /** The key's mode: a test key lists test events only, a live key live ones (test-mode.ts). */
  livemode = true,
) {
  await sequenceEvents(db, workspaceId);
  const where: SQL[] = [
    eq(webhookEvents.workspaceId, workspaceId),
    numbered,
    eventOfServices(services),
    eq(webhookEvents.livemode, livemode),
  ];
  if (query.type) where.push(eq(webhookEvents.type, query.type));
  if (query.cursor) where.push(lt(webhookEvents.seq, decodeCursor(query.cursor)));
  if (query.after?.startsWith('evt_')) {
    const seq = await seqOfEvent(db, workspaceId, query.after);
    if (seq === null) throw new BadRequest('after: no such event in the last 30 days', 'after');
    where.push(gt(webhookEvents.seq, seq));
  } else if (query.after) where.push(gt(webhookEvents.createdAt, new Date(query.after)));
  const rows = await db
    .select({
      id: webhookEvents.id,
      body: webhookEvents.body,
      isTest: webhookEvents.isTest,
      seq: webhookEvents.seq,
    })
    .from(webhookEvents)
    .where(and(...where))
    .orderBy(desc(webhookEvents.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(toEventItem),
    nextCursor:
      rows.length > query.limit && last ? Buffer.from(String(last.seq)).toString('base64url') : null,
  };
}

/** The newest `seq` of a workspace, 0 for none; run after `sequenceEvents`. */
async function latestSeq(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${webhookEvents.seq})` })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.workspaceId, workspaceId), numbered));
  return Number(row?.seq ?? 0);
}

/**
 * Where an event stream starts: after `Last-Event-ID` when the store still has that event, else
 * after the newest. Numbers the workspace's events once first: an event a webhook delivered may
 * not be numbered yet.
 */
export async function streamStartSeq(db: Db, workspaceId: string, lastEventId: string | undefined) {
  await sequenceEvents(db, workspaceId);
  const resumed = lastEventId?.startsWith('evt_') ? await seqOfEvent(db, workspaceId, lastEventId) : null;
  return resumed ?? latestSeq(db, workspaceId);
}
