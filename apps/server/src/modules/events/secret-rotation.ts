import {
  type RotateWebhookSecretResponse,
  WEBHOOK_DUAL_SIGNING_HOURS,
  WEBHOOK_TEXTS,
  type WebhookSecretResponse,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Clock } from '../../platform/services.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { webhookSecretFor } from './signing.ts';

const DUAL_SIGNING_MS = WEBHOOK_DUAL_SIGNING_HOURS * 3_600_000;

/** Which generation of the secret signs now, and when it became the one. */
export interface SecretGeneration {
  version: number;
  rotatedAt: Date | null;
}

export interface SecretContext {
  db: Db;
  clock: Clock;
  sessionSecret: string;
}

/** Until when the previous generation still signs: 24 hours after the rotation; null once past. */
export function previousValidUntil(generation: SecretGeneration, now: Date): Date | null {
  if (generation.version === 0 || !generation.rotatedAt) return null;
  const until = new Date(generation.rotatedAt.getTime() + DUAL_SIGNING_MS);
  return until > now ? until : null;
}

/**
 * The secrets a delivery is signed with now: the current one, then during the 24 hours after a
 * rotation the one it replaced (after a second rotation inside them: the generation just replaced).
 */
export function signingSecrets(
  sessionSecret: string,
  workspaceId: string,
  generation: SecretGeneration,
  now: Date,
): string[] {
  const current = webhookSecretFor(sessionSecret, workspaceId, generation.version);
  if (!previousValidUntil(generation, now)) return [current];
  return [current, webhookSecretFor(sessionSecret, workspaceId, generation.version - 1)];
}

export async function readSecretGeneration(db: DbOrTx, workspaceId: string): Promise<SecretGeneration> {
  const [row] = await db
    .select({ version: workspaces.webhookSecretVersion, rotatedAt: workspaces.webhookSecretRotatedAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw new NotFound('Workspace not found');
  return row;
}

function toSecretResponse(
  ctx: SecretContext,
  workspaceId: string,
  generation: SecretGeneration,
): WebhookSecretResponse {
  return {
    secret: webhookSecretFor(ctx.sessionSecret, workspaceId, generation.version),
    rotatedAt: generation.rotatedAt?.toISOString() ?? null,
    previousValidUntil: previousValidUntil(generation, ctx.clock.now())?.toISOString() ?? null,
  };
}

/** The workspace's current secret (what the API keys page shows) and its rotation state. */
export async function currentWebhookSecret(ctx: SecretContext, workspaceId: string) {
  return toSecretResponse(ctx, workspaceId, await readSecretGeneration(ctx.db, workspaceId));
}

/**
 * A new generation, in one UPDATE (two rotations at once make two generations, never one twice),
 * recorded in the team's audit log in the same transaction.
 */
export async function rotateWebhookSecret(
  ctx: SecretContext,
  actor: { workspace: WorkspaceAccess; userId: string },
): Promise<RotateWebhookSecretResponse> {
  const now = ctx.clock.now();
  const generation = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaces)
      .set({ webhookSecretVersion: sql`${workspaces.webhookSecretVersion} + 1`, webhookSecretRotatedAt: now })
      .where(eq(workspaces.id, actor.workspace.id))
      .returning({ version: workspaces.webhookSecretVersion, rotatedAt: workspaces.webhookSecretRotatedAt });
    if (!row) throw new NotFound('Workspace not found');
    await recordTeamEvent(tx, {
      workspace: actor.workspace,
      actorId: actor.userId,
      action: 'webhook.secret_rotated',
      details: { version: row.version },
      at: now,
    });
    return row;
  });
  return { ...toSecretResponse(ctx, actor.workspace.id, generation), message: WEBHOOK_TEXTS.rotated };
}
