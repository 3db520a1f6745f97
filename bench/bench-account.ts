import { RATE_LIMITS } from '@conduit/contracts';
import { insertUser } from '../apps/server/src/modules/auth/users.ts';
import { grantCredits, openCreditAccount } from '../apps/server/src/modules/credits/ledger.ts';
import {
  deriveKeyEncryptionKey,
  encryptApiKey,
  hashApiKey,
  newApiKey,
} from '../apps/server/src/modules/keys/key-crypto.ts';
import { createKey } from '../apps/server/src/modules/keys/keys.ts';
import type { KeyIdentity } from '../apps/server/src/modules/provider/authenticate-key.ts';
import { connectDatabase, migrateDatabase } from '../apps/server/src/platform/database.ts';
import { systemClock } from '../apps/server/src/platform/services.ts';

/** The session secret the benches' servers run with, so the key created here decrypts there. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789abcdefghijklmnop';

/** The identity the gateway would cache for the bench account's key (for benches that charge without HTTP). */
export function benchIdentity({ user, key }: Awaited<ReturnType<typeof createBenchAccount>>): KeyIdentity {
  return {
    keyId: key._id,
    keyName: key.keyName,
    keyHash: hashApiKey(key.keyValue),
    validUntil: null,
    expiresAt: null,
    ipAllowlist: null,
    keyRateLimitPerMinute: null,
    budget: null,
    workspaceId: user.id,
    workspaceKind: 'personal',
    workspaceName: null,
    tier: 'enterprise',
    limits: { perMinute: 1e8, perHour: 1e8, perDay: 1e8 },
    permissions: new Set(['image', 'video', 'sora', 'linkedin']),
    livemode: true,
  };
}

/**
 * Migrates the database and makes the account every paid-call bench calls with: Enterprise,
 * with rate limits and credits far above any load, and one API key.
 */
export async function createBenchAccount(databaseUrl: string) {
  const { pool, db } = connectDatabase(databaseUrl, 4);
  try {
    await migrateDatabase(pool, db);
    const user = await insertUser(db, {
      email: `bench-${Date.now()}@example.com`,
      emailVerifiedAt: new Date(),
    });
    if (!user) throw new Error('bench account not created');
    await pool.query(
      "update workspaces set tier = 'enterprise', rate_limit_per_minute = 100000000, rate_limit_per_hour = 100000000, rate_limit_per_day = 100000000 where id = $1",
      [user.id],
    );
    await db.transaction(async (tx) => {
      await openCreditAccount(tx, user.id);
      await grantCredits(tx, {
        workspaceId: user.id,
        delta: 2_000_000_000,
        reason: 'adjustment',
        reference: `bench:${user.id}`,
      });
    });
    const key = await createKey(
      { db, clock: systemClock, encryptionKey: deriveKeyEncryptionKey(BENCH_SESSION_SECRET) },
      { workspace: { id: user.id, kind: 'personal', limits: RATE_LIMITS.enterprise }, user },
      { keyName: 'bench' },
    );
    return { user, key };
  } finally {
    await pool.end();
  }
}

/**
 * `count` more Enterprise accounts with ample credits and one key each, written in a few bulk
 * statements (10,000 accounts one by one would take longer than the runs that use them). Rows as
 * the code writes them: a personal workspace per account, its credit account, an opening
 * adjustment in the ledger, and a key stored hashed and encrypted. Answers the keys.
 */
export async function createBenchAccounts(
  databaseUrl: string,
  count: number,
  label: string,
): Promise<string[]> {
  const { pool } = connectDatabase(databaseUrl, 2);
  const encryptionKey = deriveKeyEncryptionKey(BENCH_SESSION_SECRET);
  const ids = Array.from({ length: count }, (_, index) => `usr_${label}_${index}`);
  const keys = ids.map(() => newApiKey());
  const credits = 1_000_000_000;
  try {
    await pool.query(
      `with u as (
         insert into users (id, email, email_verified_at)
         select id, id || '@bench.example', now() from unnest($1::text[]) as id returning id),
       w as (
         insert into workspaces (id, kind, tier, max_api_keys, rate_limit_per_minute, rate_limit_per_hour, rate_limit_per_day, created_by)
         select id, 'personal', 'enterprise', 10, 100000000, 100000000, 100000000, id from u returning id),
       c as (insert into credit_accounts (workspace_id, balance) select id, $2 from w returning workspace_id)
       insert into credit_entries (id, workspace_id, delta, reason, reference, balance_after)
       select 'cre_' || workspace_id, workspace_id, $2, 'adjustment', 'bench:' || workspace_id, $2 from c`,
      [ids, credits],
    );
    await pool.query(
      `insert into api_keys (id, workspace_id, created_by, name, key_hash, key_encrypted, permissions)
       select 'key_' || id, id, id, 'bench', hash, sealed, array['image', 'video', 'sora', 'linkedin']
         from unnest($1::text[], $2::text[], $3::text[]) as k(id, hash, sealed)`,
      [ids, keys.map(hashApiKey), keys.map((key) => encryptApiKey(encryptionKey, key))],
    );
    return keys;
  } finally {
    await pool.end();
  }
}
