import { ADMIN_MESSAGES, MESSAGES } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/** Every admin endpoint, with a body it would accept from an admin. */
const ENDPOINTS = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/users?limit=100' },
  { method: 'POST', url: '/api/admin/users', payload: { email: 'someone-new@example.com' } },
  { method: 'PATCH', url: '/api/admin/users/usr_x', payload: { plan: 'premium' } },
  { method: 'POST', url: '/api/admin/users/usr_x/credits', payload: { amount: 5, reason: 'goodwill' } },
  { method: 'GET', url: '/api/admin/analytics/revenue' },
  { method: 'GET', url: '/api/admin/analytics/features' },
  { method: 'GET', url: '/api/admin/system/health' },
  { method: 'GET', url: '/api/admin/audit-log' },
] as const;

describe('admin API access: admins only, by cookie or bearer token', () => {
  const runtime = useTestRuntime({ ROLE: 'api' });
  let admin: SignedInAccount;
  let user: SignedInAccount;
  beforeAll(async () => {
    admin = await signedInAccount(runtime, 'admin');
    user = await signedInAccount(runtime, 'user');
  });

  const inject = (endpoint: (typeof ENDPOINTS)[number], headers: Record<string, string>) =>
    runtime.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      payload: 'payload' in endpoint ? endpoint.payload : undefined,
      headers,
    });

  it.each(ENDPOINTS)(
    '$method $url: 401 signed out, 403 for a normal user (cookie or bearer)',
    async (endpoint) => {
      const signedOut = await inject(endpoint, {});
      expect(signedOut.statusCode).toBe(401);
      const asUser = await inject(endpoint, { cookie: user.cookie });
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toMatchObject({ error: MESSAGES.adminRequired, code: 'FORBIDDEN' });
      const asUserBearer = await inject(endpoint, { authorization: `Bearer ${user.token}` });
      expect(asUserBearer.statusCode).toBe(403);
      const badToken = await inject(endpoint, { authorization: 'Bearer not-a-session' });
      expect(badToken.statusCode).toBe(401);
    },
  );

  it('a normal user learns nothing about bodies: 403 before validation', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { nonsense: true },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('nothing was created or changed by the refused calls', async () => {
    const { rows } = await runtime.services.pool.query(
      "select (select count(*) from users where email = 'someone-new@example.com')::int as invited, (select count(*) from admin_audit_log)::int as audit",
    );
    expect(rows[0]).toEqual({ invited: 0, audit: 0 });
  });

  it('an admin reads every figure with the cookie, and a script with the session token as bearer', async () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.method === 'GET')) {
      expect((await inject(endpoint, { cookie: admin.cookie })).statusCode).toBe(200);
      expect((await inject(endpoint, { authorization: `Bearer ${admin.token}` })).statusCode).toBe(200);
    }
  });

  it('a bearer script call is not held up by CSRF protection; a cross-site cookie call is refused', async () => {
    const scripted = await runtime.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'scripted@example.com' },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(scripted.statusCode).toBe(201);
    expect(scripted.json().user).toMatchObject({ email: 'scripted@example.com', emailVerified: false });

    const forged = await runtime.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'forged@example.com' },
      headers: { cookie: admin.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    const { rows } = await runtime.services.pool.query(
      "select count(*)::int as n from users where email = 'forged@example.com'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('a deactivated admin is signed out everywhere: the bearer token stops too', async () => {
    const superAdmin = await signedInAccount(runtime, 'super_admin');
    const other = await signedInAccount(runtime, 'admin', 'other-admin');
    const off = await superAdmin.call('PATCH', `/api/admin/users/${other.userId}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    const after = await runtime.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(after.statusCode).toBe(401);
    // and a plain admin could not have done it to another admin
    const plain = await admin.call('PATCH', `/api/admin/users/${superAdmin.userId}`, { isActive: false });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error).toBe(ADMIN_MESSAGES.superAdminToEditAdmin);
  });
});
