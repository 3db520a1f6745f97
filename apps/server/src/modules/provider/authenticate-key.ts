import { RATE_LIMITS, type RateLimitWindowLimits, type Service } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { Forbidden, Unauthorized } from '../../platform/errors.ts';
import type { Clock } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { hashApiKey, isApiKeyShape } from '../keys/key-crypto.ts';
import { apiKeys } from '../keys/schema.ts';

export interface KeyIdentity {
  keyId: string;
  keyName: string;
  userId: string;
  tier: 'free' | 'pro' | 'enterprise';
  limits: RateLimitWindowLimits;
  permissions: ReadonlySet<string>;
}

/** Identities are remembered briefly; the debit statement re-checks the key, so a deleted key never spends. */
const IDENTITY_TTL_MS = 5_000;
const LAST_USED_EVERY_MS = 60_000;

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

export function createKeyAuthenticator(db: Db, clock: Clock) {
  const cache = new Map<string, { identity: KeyIdentity; expiresAt: number }>();
  const lastUsedWrites = new Map<string, number>();

  async function lookUp(keyHash: string): Promise<KeyIdentity | undefined> {
    const [row] = await db
      .select({
        keyId: apiKeys.id,
        keyName: apiKeys.name,
        permissions: apiKeys.permissions,
        userId: users.id,
        tier: users.tier,
        rateLimitPerMinute: users.rateLimitPerMinute,
        rateLimitPerHour: users.rateLimitPerHour,
        rateLimitPerDay: users.rateLimitPerDay,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(
        and(
          eq(apiKeys.keyHash, keyHash),
          isNull(apiKeys.deletedAt),
          eq(users.isActive, true),
          isNull(users.deletedAt),
        ),
      );
    if (!row) return undefined;
    return {
      keyId: row.keyId,
      keyName: row.keyName,
      userId: row.userId,
      tier: row.tier,
      limits: limitsFor(row),
      permissions: new Set(row.permissions),
    };
  }

  function touch(keyId: string) {
    const now = clock.now().getTime();
    if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
    lastUsedWrites.set(keyId, now);
    db.update(apiKeys)
      .set({ lastUsedAt: clock.now() })
      .where(eq(apiKeys.id, keyId))
      .catch(() => lastUsedWrites.delete(keyId));
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
        if (cache.size > 10_000) cache.clear();
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
