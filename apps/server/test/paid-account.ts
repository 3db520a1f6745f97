import { randomBytes } from 'node:crypto';
import { APP_PATHS, FREE_CREDITS_ON_VERIFY, RATE_LIMITS } from '@conduit/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createSession } from '../src/modules/auth/sessions.ts';
import { insertUser } from '../src/modules/auth/users.ts';
import { grantCredits, openCreditAccount } from '../src/modules/credits/ledger.ts';
import { deriveKeyEncryptionKey } from '../src/modules/keys/key-crypto.ts';
import { createKey } from '../src/modules/keys/keys.ts';
import type { RequestLogEntry } from '../src/modules/request-log/request-log-writer.ts';
import { createTeam } from '../src/modules/workspaces/teams.ts';
import type { Services } from '../src/platform/services.ts';

export interface PaidAccount {
  /** The person. */
  userId: string;
  /** Who pays: the person's personal workspace (the same id), or a team they own. */
  workspaceId: string;
  email: string;
  key: string;
  keyId: string;
}

export interface PaidAccountOptions {
  credits?: number;
  tier?: 'free' | 'pro' | 'enterprise';
  label?: string;
  /** 'team': the credits and the key belong to a new team the person owns. */
  owner?: 'personal' | 'team';
}

/** A verified account with one API key and `credits` credits (the ledger's own grant path). */
export async function createPaidAccount(
  services: Pick<Services, 'db' | 'pool' | 'clock' | 'sessionSecret'>,
  options: PaidAccountOptions = {},
): Promise<PaidAccount> {
  const email = `${options.label ?? 'dev'}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await insertUser(services.db, { email, emailVerifiedAt: new Date() });
  if (!user) throw new Error('could not create the test account');
  await openCreditAccount(services.db, user.id);
  const workspace =
    options.owner === 'team'
      ? {
          id: (await createTeam(services, user.id, { name: `Team of ${email}` })).team.id,
          kind: 'team' as const,
        }
      : { id: user.id, kind: 'personal' as const };
  const credits = options.credits ?? FREE_CREDITS_ON_VERIFY;
  if (credits > 0) {
    await services.db.transaction((tx) =>
      grantCredits(tx, {
        workspaceId: workspace.id,
        delta: credits,
        reason: 'adjustment',
        reference: `test:${workspace.id}`,
      }),
    );
  }
  if (options.tier) {
    await services.pool.query('update workspaces set tier = $1 where id = $2', [options.tier, workspace.id]);
  }
  const key = await createKey(
    { db: services.db, clock: services.clock, encryptionKey: deriveKeyEncryptionKey(services.sessionSecret) },
    { workspace: { ...workspace, limits: RATE_LIMITS.enterprise }, user },
    { keyName: 'test key' },
  );
  return { userId: user.id, workspaceId: workspace.id, email, key: key.keyValue, keyId: key._id };
}

/** Another key of the same workspace, created by another member (or the same person). */
export async function addKey(
  services: Pick<Services, 'db' | 'clock' | 'sessionSecret'>,
  account: Pick<PaidAccount, 'workspaceId' | 'userId'>,
  creator: { id: string; email: string } = { id: account.userId, email: '' },
) {
  const kind = account.workspaceId === account.userId ? 'personal' : 'team';
  const key = await createKey(
    { db: services.db, clock: services.clock, encryptionKey: deriveKeyEncryptionKey(services.sessionSecret) },
    { workspace: { id: account.workspaceId, kind, limits: RATE_LIMITS.enterprise }, user: creator },
    { keyName: 'another key' },
  );
  return { key: key.keyValue, keyId: key._id };
}

/**
 * Balance and the sum of the ledger: equal for every account, always
 * (docs/product.md, "Credits and money").
 */
export async function ledgerCheck(services: Pick<Services, 'pool'>, workspaceId: string) {
  const { rows } = await services.pool.query(
    `select c.balance, coalesce((select sum(delta) from credit_entries e where e.workspace_id = c.workspace_id), 0)::int as sum
       from credit_accounts c where c.workspace_id = $1`,
    [workspaceId],
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

/**
 * The account deletes itself from a signed-in browser (`cookie`'s session, or a new one), confirming
 * its address; the answer is 200.
 */
export async function deleteOwnAccount(
  runtime: { app: FastifyInstance; services: Pick<Services, 'db' | 'clock'> },
  account: Pick<PaidAccount, 'userId' | 'email'>,
  cookie?: string,
) {
  cookie ??= await sessionCookieFor(runtime.services, account.userId);
  const deleted = await runtime.app.inject({
    method: APP_PATHS.deleteAccount.method,
    url: APP_PATHS.deleteAccount.path,
    headers: { cookie },
    payload: { confirmEmail: account.email },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
}

/** A request log entry of the account's key: `GET /api/provider/me` answered 200, or 400 with `error`. */
export const meRequestEntry = (
  account: Pick<PaidAccount, 'workspaceId' | 'keyId'>,
  requestId: string,
  error: string | null = null,
): RequestLogEntry => ({
  atMs: Date.now(),
  workspaceId: account.workspaceId,
  keyId: account.keyId,
  keyHash: null,
  method: 'GET',
  endpoint: '/api/provider/me',
  service: null,
  status: error ? 400 : 200,
  code: error ? 'VALIDATION_FAILED' : null,
  error,
  ms: 1,
  requestId,
  taskId: null,
  ip: '127.0.0.1',
});
