import { randomBytes } from 'node:crypto';
import type { Role } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import { createSession } from '../auth/sessions.ts';
import { insertUser } from '../auth/users.ts';
import { openCreditAccount } from '../credits/ledger.ts';

export interface SignedInAccount {
  userId: string;
  email: string;
  token: string;
  cookie: string;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** A verified account with the given role and a signed-in browser (the session cookie). */
export async function signedInAccount(
  runtime: TestRuntime,
  role: Role = 'user',
  label: string = role,
): Promise<SignedInAccount> {
  const { services } = runtime;
  const email = `${label.replace(/_/g, '-')}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await insertUser(services.db, { email, emailVerifiedAt: services.clock.now() });
  if (!user) throw new Error('could not create the test account');
  await services.db.transaction((tx) => openCreditAccount(tx, user.id));
  if (role !== 'user') await services.pool.query('update users set role = $1 where id = $2', [role, user.id]);
  const session = await createSession(services.db, services.clock, { userId: user.id });
  const cookie = `conduit_session=${session.token}`;
  return {
    userId: user.id,
    email,
    token: session.token,
    cookie,
    call: (method, url, payload) =>
      runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } }),
  };
}

export async function auditRowsFor(runtime: TestRuntime, targetUserId: string) {
  const { rows } = await runtime.services.pool.query(
    'select actor_id, action, details from admin_audit_log where target_user_id = $1 order by at, id',
    [targetUserId],
  );
  return rows as { actor_id: string | null; action: string; details: Record<string, unknown> }[];
}
