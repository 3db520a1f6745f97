import { insertUser } from '../apps/server/src/modules/auth/users.ts';
import { grantCredits, openCreditAccount } from '../apps/server/src/modules/credits/ledger.ts';
import { deriveKeyEncryptionKey } from '../apps/server/src/modules/keys/key-crypto.ts';
import { createKey } from '../apps/server/src/modules/keys/keys.ts';
import { connectDatabase, migrateDatabase } from '../apps/server/src/platform/database.ts';
import { systemClock } from '../apps/server/src/platform/services.ts';

/** The session secret the benches' servers run with, so the key created here decrypts there. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789abcdefghijklmnop';

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
      { workspace: { id: user.id, kind: 'personal' }, user },
      { keyName: 'bench' },
    );
    return { user, key };
  } finally {
    await pool.end();
  }
}
