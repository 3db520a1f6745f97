import type { RateLimitWindowLimits, SpendPeriod } from '@conduit/contracts';
import type pg from 'pg';
import { batchLookup, coalesce } from '../../platform/coalesce.ts';
import { Unauthorized } from '../../platform/errors.ts';
import { plainIp } from '../../platform/ip-ranges.ts';
import type { Clock } from '../../platform/services.ts';
import { limitsFor } from '../auth/workspace-limits.ts';
import { hashApiKey, isApiKeyShape } from '../keys/key-crypto.ts';

export interface KeyIdentity {
  keyId: string;
  keyName: string;
  /** The SHA-256 of the secret presented: the key's current one, or its previous one after a roll. */
  keyHash: string;
  /** When a previous secret (after a roll) stops working; null for the current secret. */
  validUntil: Date | null;
  expiresAt: Date | null;
  ipAllowlist: readonly string[] | null;
  /** The key's own requests per minute, besides the workspace's limits; null for none. */
  keyRateLimitPerMinute: number | null;
  /** The key's budget as read with the identity (the debit reads it again, locked). */
  budget: { credits: number; period: SpendPeriod; spent: number; spentPeriod: string } | null;
  /** The workspace the key belongs to: its balance pays for the key's calls. */
  workspaceId: string;
  workspaceKind: 'personal' | 'team';
  /** The team's name; null for a personal workspace. */
  workspaceName: string | null;
  tier: 'free' | 'pro' | 'enterprise';
  limits: RateLimitWindowLimits;
  permissions: ReadonlySet<string>;
  /** False for a test key (test-mode.ts): its calls are free and it sees test data only. */
  livemode: boolean;
}

/** Identities are remembered briefly; the debit statement re-checks the key, so a deleted key never spends. */
const IDENTITY_TTL_MS = 5_000;
/**
 * A key in use is read again in the background once its identity is this old, so a steadily used
 * key never makes a call wait for its lookup (and keys loaded together do not all expire together).
 * An identity is still never used past IDENTITY_TTL_MS after it was read.
 */
const REFRESH_AFTER_MS = 2_500;
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

export const MISSING_KEY_MESSAGE =
  'Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The key a request presents: X-API-Key, else `Authorization: Bearer <key>` (what OpenAI-style
 * clients, Replicate-style SDKs and remote MCP hosts send). X-API-Key wins when both are sent.
 */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const authorization = headers.authorization;
  return typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
}
export const INVALID_KEY_MESSAGE = 'Invalid or revoked API key';

export function createKeyAuthenticator(pool: pg.Pool, clock: Clock) {
  const cache = new Map<string, { identity: KeyIdentity; expiresAt: number; isRefreshing: boolean }>();
  const lastUsedWrites = new Map<string, number>();

  interface KeyRow {
    key_id: string;
    key_name: string;
    /** The hash the secret matched (the current or the previous one). */
    matched_hash: string;
    valid_until: Date | null;
    expires_at: Date | null;
    ip_allowlist: string[] | null;
    key_rate_limit_per_minute: number | null;
    spend_limit_credits: number | null;
    spend_limit_period: SpendPeriod | null;
    spent_credits: number;
    spent_period: string;
    permissions: string[];
    workspace_id: string;
    kind: KeyIdentity['workspaceKind'];
    name: string | null;
    tier: KeyIdentity['tier'];
    rate_limit_per_minute: number | null;
    rate_limit_per_hour: number | null;
    rate_limit_per_day: number | null;
    mode: 'live' | 'test';
  }
  const toIdentity = (row: KeyRow): KeyIdentity => ({
    keyId: row.key_id,
    keyName: row.key_name,
    keyHash: row.matched_hash,
    validUntil: row.valid_until,
    expiresAt: row.expires_at,
    ipAllowlist: row.ip_allowlist,
    keyRateLimitPerMinute: row.key_rate_limit_per_minute,
    budget:
      row.spend_limit_credits === null || row.spend_limit_period === null
        ? null
        : {
            credits: row.spend_limit_credits,
            period: row.spend_limit_period,
            spent: row.spent_credits,
            spentPeriod: row.spent_period,
          },
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
    livemode: row.mode !== 'test',
  });

  /**
   * Keys not in the cache, looked up together: many new keys at once cost one query, not one each.
   * A rolled key's previous secret is found while its grace lasts (the debit checks it again).
   */
  const lookUp = batchLookup<string, KeyIdentity>(async (keyHashes) => {
    const { rows } = await pool.query<KeyRow>({
      // Prepared once per connection: planning this join cost PostgreSQL more than running it.
      name: 'conduit-key-lookup',
      // Two index lookups (current secrets, then previous ones in their grace), not one OR that
      // the planner can only answer by scanning every key.
      text: `with found as (
         select id, key_hash as matched_hash, null::timestamptz as valid_until
           from api_keys where key_hash = any($1::text[])
         union all
         select id, previous_key_hash, previous_key_expires_at
           from api_keys where previous_key_hash = any($1::text[]) and previous_key_expires_at > now()
       )
       select k.id as key_id, k.name as key_name, f.matched_hash, f.valid_until,
              k.expires_at, k.ip_allowlist, k.rate_limit_per_minute as key_rate_limit_per_minute,
              k.spend_limit_credits, k.spend_limit_period, k.spent_credits, k.spent_period,
              k.permissions, k.mode, w.id as workspace_id, w.kind, w.name,
              w.tier, w.rate_limit_per_minute, w.rate_limit_per_hour, w.rate_limit_per_day
         from found f join api_keys k on k.id = f.id ${LIVE_WORKSPACE_JOIN}
        where k.deleted_at is null and ${LIVE_WORKSPACE_WHERE}`,
      values: [keyHashes],
    });
    return new Map(rows.map((row) => [row.matched_hash, toIdentity(row)]));
  });

  /** "Last used" (time and address) is kept to the minute: at most one write per key a minute, many keys per statement. */
  const writeLastUsed = coalesce<[string, string]>(async (uses) => {
    await pool
      .query({
        name: 'conduit-key-last-used',
        text: `update api_keys k set last_used_at = $3, last_used_ip = u.ip
                 from unnest($1::text[], $2::text[]) as u(id, ip) where k.id = u.id`,
        values: [uses.map(([keyId]) => keyId), uses.map(([, ip]) => ip), clock.now()],
      })
      .catch(() => {
        for (const [keyId] of uses) lastUsedWrites.delete(keyId);
      });
  });

  function touch(keyId: string, ip: string) {
    const now = clock.now().getTime();
    if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
    if (lastUsedWrites.size >= MAX_REMEMBERED) lastUsedWrites.clear();
    lastUsedWrites.set(keyId, now);
    writeLastUsed([keyId, ip]);
  }

  function remember(keyHash: string, identity: KeyIdentity, now: number) {
    // The oldest entry goes first (a Map keeps insertion order), so a busy process keeps its hot keys.
    if (!cache.has(keyHash) && cache.size >= MAX_REMEMBERED)
      cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, { identity, expiresAt: now + IDENTITY_TTL_MS, isRefreshing: false });
  }

  return {
    /** The key's identity; `ip` is the caller's address, kept as the key's last-used address. */
    async authenticate(
      rawKey: string | undefined,
      ip: string,
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
        remember(keyHash, identity, now);
      } else if (
        cached &&
        !cached.isRefreshing &&
        now >= cached.expiresAt - IDENTITY_TTL_MS + REFRESH_AFTER_MS
      ) {
        cached.isRefreshing = true;
        const readAt = Date.now();
        lookUp(keyHash).then(
          (fresh) => {
            // Forgotten meanwhile (the key was edited here) or read again: that answer stands.
            if (cache.get(keyHash) !== cached) return;
            if (fresh) remember(keyHash, fresh, readAt);
            else cache.delete(keyHash);
          },
          () => {
            cached.isRefreshing = false;
          },
        );
      }
      touch(identity.keyId, plainIp(ip));
      return identity;
    },
    forget(keyHashOrAll?: string) {
      if (keyHashOrAll) cache.delete(keyHashOrAll);
      else cache.clear();
    },
  };
}
export type KeyAuthenticator = ReturnType<typeof createKeyAuthenticator>;
