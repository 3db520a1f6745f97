import { randomBytes } from 'node:crypto';
import { FREE_CREDITS_ON_VERIFY } from '@conduit/contracts';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../src/modules/auth/sessions.ts';
import { insertUser } from '../src/modules/auth/users.ts';
import { grantCredits, openCreditAccount } from '../src/modules/credits/ledger.ts';
import { deriveKeyEncryptionKey } from '../src/modules/keys/key-crypto.ts';
import { createKey } from '../src/modules/keys/keys.ts';
import type { Services } from '../src/platform/services.ts';

export interface PaidAccount {
  userId: string;
  email: string;
  key: string;
  keyId: string;
}

/** A verified account with one API key and `credits` credits (the ledger's own grant path). */
export async function createPaidAccount(
  services: Pick<Services, 'db' | 'pool' | 'clock' | 'sessionSecret'>,
  options: { credits?: number; tier?: 'free' | 'pro' | 'enterprise'; label?: string } = {},
): Promise<PaidAccount> {
  const email = `${options.label ?? 'dev'}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await insertUser(services.db, { email, emailVerifiedAt: new Date() });
  if (!user) throw new Error('could not create the test account');
  await services.db.transaction(async (tx) => {
    await openCreditAccount(tx, user.id);
    const credits = options.credits ?? FREE_CREDITS_ON_VERIFY;
    if (credits > 0) {
      await grantCredits(tx, {
        userId: user.id,
        delta: credits,
        reason: 'adjustment',
        reference: `test:${user.id}`,
      });
    }
  });
  if (options.tier) {
    await services.pool.query('update users set tier = $1 where id = $2', [options.tier, user.id]);
  }
  const key = await createKey(
    { db: services.db, clock: services.clock, encryptionKey: deriveKeyEncryptionKey(services.sessionSecret) },
    user.id,
    { keyName: 'test key' },
  );
  return { userId: user.id, email, key: key.keyValue, keyId: key._id };
}

/**
 * Balance and the sum of the ledger: equal for every account, always
 * (docs/product.md, "Credits and money").
 */
export async function ledgerCheck(services: Pick<Services, 'pool'>, userId: string) {
  const { rows } = await services.pool.query(
    `select c.balance, coalesce((select sum(delta) from credit_entries e where e.user_id = c.user_id), 0)::int as sum
       from credit_accounts c where c.user_id = $1`,
    [userId],
  );
  return rows[0] as { balance: number; sum: number };
}

/** A signed-in browser for the account, as a Cookie header value. */
export async function sessionCookieFor(
  services: Pick<Services, 'db' | 'clock'>,
  userId: string,
): Promise<string> {
  const session = await createSession(services.db, services.clock, { userId });
  return `conduit_session=${session.token}`;
}

/** A public API call with an API key, as a developer's program makes it. */
export const postWithKey = (app: FastifyInstance, key: string, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });
