import {
  type ApiKey,
  type SpendPeriod,
  spendPeriodLabel,
  spendPeriodStart,
  type UpdateKeyBody,
} from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { notifyKeysChanged } from '../../platform/events-channel.ts';
import { users } from '../auth/schema.ts';
import { changesBudget, keyControlColumns } from './key-controls-input.ts';
import { encryptApiKey, hashApiKey, newApiKey } from './key-crypto.ts';
import { type KeyActor, type KeysContext, keyName, recordKeyEvent, toApiKey } from './keys.ts';
import { type ApiKeyRow, apiKeys } from './schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the columns `change` sets on the workspace's live key, locked (FOR NO KEY UPDATE, the
 * lock the debit takes on a limited key: a paid call and an edit of the same key wait for each
 * other, never interleave), then records the team event and answers the key as it is now.
 */
async function withLockedKey(
  ctx: KeysContext,
  actor: KeyActor,
  keyId: string,
  action: 'key.updated' | 'key.rolled',
  change: (
    tx: Tx,
    current: ApiKeyRow,
    now: Date,
  ) => Promise<{ set: Partial<typeof apiKeys.$inferInsert>; details: Record<string, unknown> }>,
): Promise<ApiKey> {
  const now = ctx.clock.now();
  const { row, creator } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, actor.workspace.id), isNull(apiKeys.deletedAt)),
      )
      .for('no key update');
    if (!current) throw new NotFound('API key not found');
    const { set, details } = await change(tx, current, now);
    const [updated] = await tx.update(apiKeys).set(set).where(eq(apiKeys.id, keyId)).returning();
    const row = updated as ApiKeyRow;
    await recordKeyEvent(tx, ctx, actor, action, row, details);
    // An event stream opened with the key is checked again at once (a roll, a narrowed allow-list).
    await notifyKeysChanged(tx, actor.workspace.id);
    const [owner] = current.createdBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, current.createdBy))
      : [];
    return { row, creator: owner?.email ?? null };
  });
  return toApiKey(ctx, row, creator);
}

/**
 * Credits the key spent in the current period of `period`, from its calls (net of refunds): what
 * a new or changed budget starts from, so setting a limit on a key that already spent today does
 * not hand it a fresh budget.
 */
async function spentThisPeriod(tx: Tx, keyId: string, period: SpendPeriod, now: Date): Promise<number> {
  const result = await tx.execute<{ spent: number }>(
    sql`select coalesce(sum(cost - credits_refunded), 0)::int as spent from tasks
         where api_key_id = ${keyId} and created_at >= ${spendPeriodStart(period, now).toISOString()}`,
  );
  return result.rows[0]?.spent ?? 0;
}

/** Edits a key's name and controls; only the fields given change. Effective for the next call in every process. */
export async function updateKey(
  ctx: KeysContext,
  actor: KeyActor,
  keyId: string,
  input: UpdateKeyBody,
): Promise<ApiKey> {
  return withLockedKey(ctx, actor, keyId, 'key.updated', async (tx, current, now) => {
    const name = input.keyName === undefined ? current.name : keyName(input);
    const columns = keyControlColumns(input, {
      current,
      workspacePerMinute: actor.workspace.limits.perMinute,
      now,
    });
    const budget =
      changesBudget(columns, current) && columns.spendLimitPeriod
        ? {
            spentCredits: await spentThisPeriod(tx, keyId, columns.spendLimitPeriod, now),
            spentPeriod: spendPeriodLabel(columns.spendLimitPeriod, now),
          }
        : {};
    return { set: { name, ...columns, ...budget }, details: { changed: Object.keys({ ...columns }) } };
  });
}

/**
 * Rolls a key: a new secret at once; the old one keeps working for `graceSeconds` (0: not at
 * all), checked by the debit statement in every process. A roll during a grace ends the older
 * secret at once: a key has at most one previous secret.
 */
export async function rollKey(
  ctx: KeysContext,
  actor: KeyActor,
  keyId: string,
  graceSeconds: number,
): Promise<ApiKey> {
  return withLockedKey(ctx, actor, keyId, 'key.rolled', async (_tx, current, now) => {
    const secret = newApiKey(current.mode);
    return {
      set: {
        keyHash: hashApiKey(secret),
        keyEncrypted: encryptApiKey(ctx.encryptionKey, secret),
        previousKeyHash: graceSeconds > 0 ? current.keyHash : null,
        previousKeyExpiresAt: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null,
      },
      details: { graceSeconds },
    };
  });
}
