import { type ApiKey, PLAYGROUND_KEY } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { users } from '../auth/schema.ts';
import {
  assertKeyRoom,
  insertKey,
  type KeyActor,
  type KeysContext,
  lockWorkspaceKeys,
  toApiKey,
} from './keys.ts';
import { apiKeys } from './schema.ts';

const livePlaygroundKey = async (tx: DbOrTx, workspaceId: string) => {
  const [found] = await tx
    .select({ key: apiKeys, creator: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.purpose, 'playground'), isNull(apiKeys.deletedAt)),
    );
  return found;
};

/**
 * The workspace's playground key (docs/product.md, "Playground"), made on the first call: every
 * service, `PLAYGROUND_KEY.dailyCredits` credits a day. Later calls answer the live one (as the
 * user may have edited it) with `created: false`; under the workspace lock two racing clicks make
 * one. A new one counts against `maxApiKeys` like any key.
 */
export async function playgroundKey(
  ctx: KeysContext,
  actor: KeyActor,
): Promise<{ key: ApiKey; created: boolean }> {
  const workspaceId = actor.workspace.id;
  const found = await ctx.db.transaction(async (tx) => {
    const maxApiKeys = await lockWorkspaceKeys(tx, workspaceId);
    const existing = await livePlaygroundKey(tx, workspaceId);
    if (existing) return { row: existing.key, creator: existing.creator, created: false };
    await assertKeyRoom(tx, workspaceId, maxApiKeys);
    const row = await insertKey(
      tx,
      ctx,
      actor,
      { keyName: PLAYGROUND_KEY.name, spendLimit: { credits: PLAYGROUND_KEY.dailyCredits, period: 'day' } },
      'playground',
    );
    return { row, creator: actor.user.email, created: true };
  });
  return { key: toApiKey(ctx, found.row, found.creator), created: found.created };
}
