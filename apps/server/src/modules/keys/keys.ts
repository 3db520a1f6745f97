import {
  type ApiKey,
  type CreateKeyBody,
  KEY_NAME_MAX_LENGTH,
  KEY_TEXTS,
  keyLimitMessage,
  SERVICES,
  type Service,
} from '@conduit/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { BadRequest, Conflict, NotFound, ValidationFailed } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { decryptApiKey, encryptApiKey, hashApiKey, newApiKey } from './key-crypto.ts';
import { type ApiKeyRow, apiKeys } from './schema.ts';

export interface KeysContext {
  db: Db;
  clock: Clock;
  /** AES-256-GCM key for keys at rest (deriveKeyEncryptionKey). */
  encryptionKey: Buffer;
}

function toApiKey(ctx: KeysContext, row: ApiKeyRow): ApiKey {
  const granted = new Set(row.permissions);
  return {
    _id: row.id,
    keyName: row.name,
    keyValue: decryptApiKey(ctx.encryptionKey, row.keyEncrypted),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    permissions: Object.fromEntries(SERVICES.map((service) => [service, granted.has(service)])) as Record<
      Service,
      boolean
    >,
  };
}

export async function listKeys(ctx: KeysContext, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
    .orderBy(asc(apiKeys.createdAt));
  return rows.map((row) => toApiKey(ctx, row));
}

/**
 * Creates a key with every permission. The owner's row is locked while counting, so two
 * concurrent creates cannot both slip under `maxApiKeys`.
 */
export async function createKey(ctx: KeysContext, userId: string, input: CreateKeyBody): Promise<ApiKey> {
  const name = input.keyName?.trim() ?? '';
  if (!name) throw new ValidationFailed(KEY_TEXTS.nameRequired, 'keyName');
  if (name.length > KEY_NAME_MAX_LENGTH) {
    throw new BadRequest(`Key name must be at most ${KEY_NAME_MAX_LENGTH} characters`, 'keyName');
  }
  const key = newApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ maxApiKeys: users.maxApiKeys })
      .from(users)
      .where(eq(users.id, userId))
      // Serialises key creation per account without blocking paid calls (their rows only key-share users).
      .for('no key update');
    if (!owner) throw new NotFound('Account not found');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)));
    if (count >= owner.maxApiKeys) throw new Conflict(keyLimitMessage(owner.maxApiKeys));
    const [created] = await tx
      .insert(apiKeys)
      .values({
        id: newId('key'),
        userId,
        name,
        keyHash: hashApiKey(key),
        keyEncrypted: encryptApiKey(ctx.encryptionKey, key),
        permissions: [...SERVICES],
        createdAt: ctx.clock.now(),
      })
      .returning();
    return created as ApiKeyRow;
  });
  return toApiKey(ctx, row);
}

/** Deleting is immediate everywhere: every key check reads `deleted_at` in the same statement as the debit. */
export async function deleteKey(ctx: KeysContext, userId: string, keyId: string): Promise<void> {
  const deleted = await ctx.db
    .update(apiKeys)
    .set({ deletedAt: ctx.clock.now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw new NotFound('API key not found');
}

export async function countActiveKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)));
  return row?.count ?? 0;
}
