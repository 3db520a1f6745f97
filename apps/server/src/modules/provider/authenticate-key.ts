import { RATE_LIMITS, type RateLimitWindowLimits, type Service } from '@conduit/contracts';
import type pg from 'pg';
import { batchLookup, coalesce } from '../../platform/coalesce.ts';
import { Forbidden, Unauthorized } from '../../platform/errors.ts';
import type { Clock } from '../../platform/services.ts';
import { hashApiKey, isApiKeyShape } from '../keys/key-crypto.ts';

export interface KeyIdentity {
  keyId: string;
  keyName: string;
  /** The workspace the key belongs to: its balance pays for the key's calls. */
  workspaceId: string;
  workspaceKind: 'personal' | 'team';
  /** The team's name; null for a personal workspace. */
  workspaceName: string | null;
  tier: 'free' | 'pro' | 'enterprise';
  limits: RateLimitWindowLimits;
  permissions: ReadonlySet<string>;
}

/** Identities are remembered briefly; the debit statement re-checks the key, so a deleted key never spends. */
const IDENTITY_TTL_MS = 5_000;
const LAST_USED_EVERY_MS = 60_000;
/** Key identities (and last-used marks) a process remembers at most. */
const MAX_REMEMBERED = 100_000;

/*
 * A key works while its workspace does: a team until it is deleted, a personal workspace while its
 * account is active and not deleted (the account's own state, read in the same statement as the
 * debit). Nothing about the person who created a key matters once it exists.
 */
export const LIVE_WORKSPACE_JOIN = `join workspaces w on w.id = k.workspace_id
  left join users u on u.id = w.id and w.kind = 'personal'`;
export const LIVE_WORKSPACE_WHERE =
  'w.deleted_at is null and (u.id is null or (u.is_active and u.deleted_at is null))';

export const MISSING_KEY_MESSAGE = 'Missing API key: send it in the X-API-Key header';
export const INVALID_KEY_MESSAGE = 'Invalid or revoked API key';

export function limitsFor(row: {
  tier: KeyIdentity['tier'];
  rateLimitPerMinute: number | null;
  rateLimitPerHour: number | null;
  rateLimitPerDay: number | null;
}): RateLimitWindowLimits {
  const base = RATE_LIMITS[row.tier];
  if (row.tier !== 'enterprise') return base;
  return {
    perMinute: row.rateLimitPerMinute ?? base.perMinute,
    perHour: row.rateLimitPerHour ?? base.perHour,
    perDay: row.rateLimitPerDay ?? base.perDay,
  };
}

export function createKeyAuthenticator(pool: pg.Pool, clock: Clock) {
  const cache = new Map<string, { identity: KeyIdentity; expiresAt: number }>();
  const lastUsedWrites = new Map<string, number>();

  interface KeyRow {
    key_id: string;
    key_name: string;
    key_hash: string;
    permissions: string[];
    workspace_id: string;
    kind: KeyIdentity['workspaceKind'];
    name: string | null;
    tier: KeyIdentity['tier'];
    rate_limit_per_minute: number | null;
    rate_limit_per_hour: number | null;
    rate_limit_per_day: number | null;
  }
  const toIdentity = (row: KeyRow): KeyIdentity => ({
    keyId: row.key_id,
    keyName: row.key_name,
    workspaceId: row.workspace_id,
    workspaceKind: row.kind,
    workspaceName: row.name,
    tier: row.tier,
    limits: limitsFor({
      tier: row.tier,
      rateLimitPerMinute: row.rate_limit_per_minute,
      rateLimitPerHour: row.rate_limit_per_hour,
      rateLimitPerDay: row.rate_limit_per_day,
    }),
    permissions: new Set(row.permissions),
  });

  /** Keys not in the cache, looked up together: many new keys at once cost one query, not one each. */
  const lookUp = batchLookup<string, KeyIdentity>(async (keyHashes) => {
    const { rows } = await pool.query<KeyRow>(
      `select k.id as key_id, k.name as key_name, k.key_hash, k.permissions, w.id as workspace_id, w.kind, w.name,
              w.tier, w.rate_limit_per_minute, w.rate_limit_per_hour, w.rate_limit_per_day
         from api_keys k ${LIVE_WORKSPACE_JOIN}
        where k.key_hash = any($1::text[]) and k.deleted_at is null and ${LIVE_WORKSPACE_WHERE}`,
      [keyHashes],
    );
    return new Map(rows.map((row) => [row.key_hash, toIdentity(row)]));
  });

  /** "Last used" is kept to the minute: at most one write per key a minute, many keys per statement. */
  const writeLastUsed = coalesce<string>(async (keyIds) => {
    await pool
      .query('update api_keys set last_used_at = $2 where id = any($1::text[])', [keyIds, clock.now()])
      .catch(() => {
        for (const keyId of keyIds) lastUsedWrites.delete(keyId);
      });
  });

  function touch(keyId: string) {
    const now = clock.now().getTime();
    if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
    if (lastUsedWrites.size >= MAX_REMEMBERED) lastUsedWrites.clear();
    lastUsedWrites.set(keyId, now);
    writeLastUsed(keyId);
  }

  return {
    async authenticate(
      rawKey: string | undefined,
      options: { isFresh?: boolean } = {},
    ): Promise<KeyIdentity> {
      if (!rawKey) throw new Unauthorized(MISSING_KEY_MESSAGE);
      if (!isApiKeyShape(rawKey)) throw new Unauthorized(INVALID_KEY_MESSAGE);
      const keyHash = hashApiKey(rawKey);
      const now = Date.now();
      const cached = cache.get(keyHash);
      let identity = !options.isFresh && cached && cached.expiresAt > now ? cached.identity : undefined;
      if (!identity) {
        identity = await lookUp(keyHash);
        if (!identity) {
          cache.delete(keyHash);
          throw new Unauthorized(INVALID_KEY_MESSAGE);
        }
        // The oldest entry goes first (a Map keeps insertion order), so a busy process keeps its hot keys.
        if (cache.size >= MAX_REMEMBERED) cache.delete(cache.keys().next().value as string);
        cache.set(keyHash, { identity, expiresAt: now + IDENTITY_TTL_MS });
      }
      touch(identity.keyId);
      return identity;
    },
    forget(keyHashOrAll?: string) {
      if (keyHashOrAll) cache.delete(keyHashOrAll);
      else cache.clear();
    },
  };
}
export type KeyAuthenticator = ReturnType<typeof createKeyAuthenticator>;

export function assertPermission(identity: KeyIdentity, service: Service) {
  if (!identity.permissions.has(service)) {
    throw new Forbidden(`This API key does not have the ${service} permission`);
  }
}
