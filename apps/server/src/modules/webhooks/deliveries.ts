import {
  type DeliveriesQuery,
  type DeliveriesResponse,
  WEBHOOK_TEXTS,
  type WebhookDeliveryDetail,
} from '@conduit/contracts';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { BadRequest, NotFound } from '../../platform/errors.ts';
import { newestFirstPage } from '../../platform/keyset-cursor.ts';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../events/schema.ts';
import { attemptDelivery, type DeliveryContext } from './attempt-delivery.ts';
import { toDelivery, toDeliveryDetail } from './delivery-view.ts';

const DAY_MS = 86_400_000;

/** The cursor of the delivery log: the last row's (created_at in microseconds, id). */
const encode = (row: { createdAt: Date; id: string; micros: string }) =>
  Buffer.from(`${row.micros}|${row.id}`).toString('base64url');
function decode(cursor: string): [string, string] {
  const [micros, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!micros || !/^\d+$/.test(micros) || !id || rest.length > 0) {
    throw new BadRequest('cursor: is not a cursor from this list', 'cursor');
  }
  return [micros, id];
}

const micros = sql<string>`(extract(epoch from ${webhookDeliveries.createdAt}) * 1000000)::bigint::text`;

/** The workspace's deliveries, newest first, filtered by status, event type and UTC days. */
export async function listDeliveries(
  db: Db,
  workspaceId: string,
  query: DeliveriesQuery,
): Promise<DeliveriesResponse> {
  const where: SQL[] = [eq(webhookDeliveries.workspaceId, workspaceId)];
  if (query.status) where.push(eq(webhookDeliveries.status, query.status));
  if (query.eventType) where.push(eq(webhookDeliveries.eventType, query.eventType));
  if (query.from) where.push(gte(webhookDeliveries.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    where.push(lt(webhookDeliveries.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.cursor) {
    const [time, id] = decode(query.cursor);
    where.push(sql`(${micros}::bigint, ${webhookDeliveries.id}) < (${time}::bigint, ${id})`);
  }
  const { page, nextCursor } = await newestFirstPage(
    db
      .select({ row: webhookDeliveries, micros })
      .from(webhookDeliveries)
      .where(and(...where))
      .$dynamic(),
    { time: webhookDeliveries.createdAt, id: webhookDeliveries.id },
    query.limit,
    (last) => encode({ ...last.row, micros: last.micros }),
  );
  return { deliveries: page.map(({ row }) => toDelivery(row)), nextCursor };
}

/** One delivery of the workspace with its body and every attempt; another workspace's is a 404. */
export async function deliveryDetail(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookDeliveryDetail> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.workspaceId, workspaceId)));
  if (!found) throw new NotFound(WEBHOOK_TEXTS.deliveryNotFound);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(asc(webhookAttempts.attempt));
  return toDeliveryDetail(found.delivery, found.body, attempts);
}

/** Resend: one more attempt now, to the URL the delivery went to; answers the delivery after it. */
export async function resendDelivery(ctx: DeliveryContext & { db: Db }, workspaceId: string, id: string) {
  await deliveryDetail(ctx.db, workspaceId, id);
  const delivery = await attemptDelivery(ctx, id, { isManual: true });
  if (!delivery) throw new NotFound(WEBHOOK_TEXTS.deliveryNotFound);
  const detail = await deliveryDetail(ctx.db, workspaceId, id);
  return { delivery: detail, message: WEBHOOK_TEXTS.resent(delivery.lastResponseStatus) };
}
