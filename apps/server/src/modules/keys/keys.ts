import {
  type ApiKey,
  budgetAt,
  type CreateKeyBody,
  KEY_NAME_MAX_LENGTH,
  KEY_TEXTS,
  keyLimitMessage,
  SERVICES,
  type Service,
  spendPeriodLabel,
} from '@conduit/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/database.ts';
import { BadRequest, Conflict, NotFound, ValidationFailed } from '../../platform/errors.ts';
import { notifyKeysChanged } from '../../platform/events-channel.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { keyControlColumns } from './key-controls-input.ts';
import { decryptApiKey, encryptApiKey, hashApiKey, maskApiKey, newApiKey } from './key-crypto.ts';
import { type ApiKeyRow, apiKeys } from './schema.ts';

export interface KeysContext {
  db: Db;
  clock: Clock;
  /** AES-256-GCM key for keys at rest (deriveKeyEncryptionKey). */
  encryptionKey: Buffer;
}

export function toApiKey(ctx: KeysContext, row: ApiKeyRow, createdBy: string | null): ApiKey {
  const granted = new Set(row.permissions);
  const now = ctx.clock.now();
  const period = row.spendLimitPeriod;
  const keyValue = decryptApiKey(ctx.encryptionKey, row.keyEncrypted);
  return {
    _id: row.id,
    keyName: row.name,
    keyValue,
    keyPreview: maskApiKey(keyValue),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createdBy,
    spendLimit:
      row.spendLimitCredits !== null && period !== null ? { credits: row.spendLimitCredits, period } : null,
    ...budgetAt(period && { period, spentCredits: row.spentCredits, spentPeriod: row.spentPeriod }, now),
    rateLimitPerMinute: row.rateLimitPerMinute,
    ipAllowlist: row.ipAllowlist,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    previousKeyValidUntil:
      row.previousKeyExpiresAt && row.previousKeyExpiresAt > now
        ? row.previousKeyExpiresAt.toISOString()
        : null,
    permissions: Object.fromEntries(SERVICES.map((service) => [service, granted.has(service)])) as Record<
      Service,
      boolean
    >,
    mode: row.mode,
  };
}

export async function listKeys(ctx: KeysContext, workspaceId: string): Promise<ApiKey[]> {
  const rows = await ctx.db
    .select({ key: apiKeys, creator: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.deletedAt)))
    .orderBy(asc(apiKeys.createdAt));
  return rows.map((row) => toApiKey(ctx, row.key, row.creator));
}

/** Who acts on a workspace's keys: the workspace, and the signed-in person. */
export interface KeyActor {
  workspace: Pick<WorkspaceAccess, 'id' | 'kind' | 'limits'>;
  user: { id: string; email: string };
}

/** Records what the actor did to a key in the team's audit log, in the transaction of the change. */
export function recordKeyEvent(
  tx: DbOrTx,
  ctx: KeysContext,
  actor: KeyActor,
  action: 'key.created' | 'key.updated' | 'key.rolled' | 'key.deleted',
  key: { id: string; name: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordTeamEvent(tx, {
    workspace: actor.workspace,
    actorId: actor.user.id,
    action,
    details: { keyId: key.id, keyName: key.name, ...details },
    at: ctx.clock.now(),
  });
}

export function keyName(input: CreateKeyBody): string {
  const name = input.keyName?.trim() ?? '';
  if (!name) throw new ValidationFailed(KEY_TEXTS.nameRequired, 'keyName');
  if (name.length > KEY_NAME_MAX_LENGTH) {
    throw new BadRequest(`Key name must be at most ${KEY_NAME_MAX_LENGTH} characters`, 'keyName');
  }
  return name;
}

/**
 * Creates a key owned by the workspace, with the controls given (every service when permissions
 * are left out). The workspace row is locked while counting, so two concurrent creates cannot
 * both slip under `maxApiKeys`.
 */
export async function createKey(ctx: KeysContext, actor: KeyActor, input: CreateKeyBody): Promise<ApiKey> {
  const name = keyName(input);
  const row = await ctx.db.transaction(async (tx) => {
    await assertKeyRoom(tx, actor.workspace.id, await lockWorkspaceKeys(tx, actor.workspace.id));
    return insertKey(tx, ctx, actor, { ...input, keyName: name });
  });
  return toApiKey(ctx, row, actor.user.email);
}

/**
 * Locks the workspace's row for a key creation: serialises creations per workspace without
 * blocking paid calls (their rows only key-share it). Answers the workspace's `maxApiKeys`.
 */
export async function lockWorkspaceKeys(tx: DbOrTx, workspaceId: string): Promise<number> {
  const [owner] = await tx
    .select({ maxApiKeys: workspaces.maxApiKeys })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  if (!owner) throw new NotFound('Workspace not found');
  return owner.maxApiKeys;
}

/** 409 with the limit's text when the workspace already holds `maxApiKeys` live keys. */
export async function assertKeyRoom(tx: DbOrTx, workspaceId: string, maxApiKeys: number): Promise<void> {
  if ((await countActiveKeys(tx, workspaceId)) >= maxApiKeys) throw new Conflict(keyLimitMessage(maxApiKeys));
}

/** Inserts a key (after `lockWorkspaceKeys` in the same transaction) and records it in the audit log. */
export async function insertKey(
  tx: DbOrTx,
  ctx: KeysContext,
  actor: KeyActor,
  input: CreateKeyBody & { keyName: string },
  purpose: ApiKeyRow['purpose'] = null,
): Promise<ApiKeyRow> {
  const now = ctx.clock.now();
  const controls = keyControlColumns(input, { workspacePerMinute: actor.workspace.limits.perMinute, now });
  const key = newApiKey(input.mode ?? 'live');
  const [created] = await tx
    .insert(apiKeys)
    .values({
      id: newId('key'),
      workspaceId: actor.workspace.id,
      createdBy: actor.user.id,
      name: input.keyName,
      keyHash: hashApiKey(key),
      keyEncrypted: encryptApiKey(ctx.encryptionKey, key),
      permissions: [...SERVICES],
      ...controls,
      spentPeriod: spendPeriodLabel(controls.spendLimitPeriod ?? null, now),
      createdAt: now,
      purpose,
      mode: input.mode ?? 'live',
    })
    .returning();
  const keyRow = created as ApiKeyRow;
  await recordKeyEvent(tx, ctx, actor, 'key.created', keyRow);
  return keyRow;
}

/** Deleting is immediate everywhere: every key check reads `deleted_at` in the same statement as the debit. */
export async function deleteKey(ctx: KeysContext, actor: KeyActor, keyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(apiKeys)
      .set({ deletedAt: ctx.clock.now() })
      .where(
        and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, actor.workspace.id), isNull(apiKeys.deletedAt)),
      )
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!deleted) throw new NotFound('API key not found');
    await recordKeyEvent(tx, ctx, actor, 'key.deleted', deleted);
    await notifyKeysChanged(tx, actor.workspace.id);
  });
}

export function countActiveKeys(db: DbOrTx, workspaceId: string): Promise<number> {
  return db.$count(apiKeys, and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.deletedAt)));
}
