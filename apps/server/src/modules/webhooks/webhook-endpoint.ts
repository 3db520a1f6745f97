import { WEBHOOK_TEXTS, type WebhookEndpointResponse } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { workspaces } from '../workspaces/schema.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';

/**
 * Sets (or with null or an empty text, removes) where account events go. The URL passes the same
 * SSRF check as a call's callBackUrl (http or https, a public address) before anything is written.
 */
export async function setWebhookEndpoint(
  ctx: { db: Db; clock: Clock; urlGuard: UrlGuard },
  actor: { workspace: WorkspaceAccess; userId: string },
  url: string | null,
): Promise<WebhookEndpointResponse> {
  const webhookUrl = url?.trim() || null;
  if (webhookUrl) await ctx.urlGuard.assertPublicUrl(webhookUrl, 'webhookUrl');
  await ctx.db.transaction(async (tx) => {
    await tx.update(workspaces).set({ webhookUrl }).where(eq(workspaces.id, actor.workspace.id));
    await recordTeamEvent(tx, {
      workspace: actor.workspace,
      actorId: actor.userId,
      action: 'webhook.endpoint_changed',
      details: { webhookUrl },
      at: ctx.clock.now(),
    });
  });
  return { webhookUrl, message: webhookUrl ? WEBHOOK_TEXTS.saved : WEBHOOK_TEXTS.cleared };
}
