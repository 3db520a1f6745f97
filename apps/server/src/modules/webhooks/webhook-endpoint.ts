import {
  carriesTaskEvents,
  type EventType,
  WEBHOOK_TEXTS,
  type WebhookEndpointResponse,
} from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { assertAllowed } from '../auth/workspace-access.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { readEndpointSettings } from '../events/endpoint-settings.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { resetEndpoint } from './endpoint-health.ts';

/**
 * Sets (or with null or an empty text, removes) where account events go, and which event types
 * it receives. The URL passes the same SSRF check as a call's callBackUrl (http or https, a public
 * address) before anything is written. Saving switches a switched-off endpoint on again.
 * Task events carry calls and their results: an endpoint that receives them, before or after the
 * change, is changed only by a role that may see calls (`useCalls`); a billing member sets and
 * clears an endpoint of account events only (balance.low), and gets 403 otherwise.
 */
export async function setWebhookEndpoint(
  ctx: { db: Db; clock: Clock; urlGuard: UrlGuard },
  actor: { workspace: WorkspaceAccess; userId: string },
  input: { webhookUrl: string | null; eventTypes?: EventType[] },
): Promise<WebhookEndpointResponse> {
  const webhookUrl = input.webhookUrl?.trim() || null;
  const eventTypes = input.eventTypes && [...new Set(input.eventTypes)];
  const current = await readEndpointSettings(ctx.db, actor.workspace.id);
  if (carriesTaskEvents(current.eventTypes) || (eventTypes && carriesTaskEvents(eventTypes))) {
    assertAllowed(actor.workspace, 'useCalls');
  }
  if (webhookUrl) await ctx.urlGuard.assertPublicUrl(webhookUrl, 'webhookUrl');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(workspaces).set({ webhookUrl }).where(eq(workspaces.id, actor.workspace.id));
    await resetEndpoint(tx, actor.workspace.id, eventTypes, now);
    await recordTeamEvent(tx, {
      workspace: actor.workspace,
      actorId: actor.userId,
      action: 'webhook.endpoint_changed',
      details: { webhookUrl, ...(eventTypes && { eventTypes }) },
      at: now,
    });
  });
  const settings = await readEndpointSettings(ctx.db, actor.workspace.id);
  return {
    webhookUrl,
    eventTypes: settings.eventTypes,
    message: webhookUrl ? WEBHOOK_TEXTS.saved : WEBHOOK_TEXTS.cleared,
  };
}
