import { WEBHOOK_TEXTS, type WebhookTestResponse } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { AppError, BadRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobsDb } from '../alerts/claim-crossings.ts';
import { workspaces } from '../workspaces/schema.ts';
import { WEBHOOK_RETRIES } from './deliver-webhook.ts';
import { postSignedWebhook, type WebhookPostContext } from './post-webhook.ts';

/** Account events (`balance.low`) on their way to the workspace's webhook endpoint. */
export const ACCOUNT_EVENT_QUEUE = 'account-webhook';

export interface AccountEventJob {
  workspaceId: string;
  /** Unique per event: the `webhook-id` is `msg_<eventId>` on every attempt. */
  eventId: string;
  type: string;
  data: unknown;
}

/**
 * Queues one event, retried like task callbacks. `db` sends it in the caller's transaction (an
 * alert's claim), so the event exists exactly when the claim commits.
 */
export async function queueAccountEvent(jobs: PgBoss, job: AccountEventJob, db?: JobsDb) {
  await jobs.send(ACCOUNT_EVENT_QUEUE, job, { ...WEBHOOK_RETRIES, singletonKey: job.eventId, db });
}

async function webhookUrlOf(ctx: Pick<WebhookPostContext, 'db'>, workspaceId: string) {
  const [row] = await ctx.db
    .select({ url: workspaces.webhookUrl })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)));
  return row?.url ?? null;
}

/**
 * One attempt, to the endpoint set now (a changed URL gets the retries; a removed one ends them).
 * Throws on anything but a 2xx, so the job is retried.
 */
export async function deliverAccountEvent(ctx: WebhookPostContext, job: AccountEventJob) {
  const url = await webhookUrlOf(ctx, job.workspaceId);
  if (!url) return;
  const status = await postSignedWebhook(ctx, {
    workspaceId: job.workspaceId,
    url,
    field: 'webhookUrl',
    id: `msg_${job.eventId}`,
    event: { type: job.type, data: job.data },
  });
  if (status < 200 || status >= 300) throw new Error(`Webhook answered HTTP ${status}`);
}

const reasonOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within 10 seconds';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};

/** "Send test event": a signed `webhook.test` posted now, not queued; answers what the receiver did. */
export async function sendTestEvent(
  ctx: WebhookPostContext,
  workspaceId: string,
): Promise<WebhookTestResponse> {
  const url = await webhookUrlOf(ctx, workspaceId);
  if (!url) throw new BadRequest(WEBHOOK_TEXTS.needsEndpoint, 'webhookUrl');
  try {
    const status = await postSignedWebhook(ctx, {
      workspaceId,
      url,
      field: 'webhookUrl',
      id: `msg_${newId('evt')}`,
      event: { type: 'webhook.test', data: { workspaceId, message: WEBHOOK_TEXTS.testMessage } },
    });
    const isDelivered = status >= 200 && status < 300;
    return {
      isDelivered,
      status,
      message: isDelivered ? WEBHOOK_TEXTS.testDelivered(status) : WEBHOOK_TEXTS.testRefused(status),
    };
  } catch (error) {
    // A refused address (private, unresolvable) is the caller's to fix: a 400 naming the field.
    if (error instanceof AppError) throw error;
    return { isDelivered: false, status: null, message: WEBHOOK_TEXTS.testUnreachable(reasonOf(error)) };
  }
}
