import { ADMIN_MESSAGES, AdminUser, FREE_CREDITS_ON_VERIFY, RATE_LIMITS } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInAccount,
  sessionCookieOf,
  signedInAccount,
  verificationTokenFor,
} from '../../../test/accounts.ts';
import { auditRowsFor } from '../../../test/audit-rows.ts';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { linkIn, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

describe('admin user management: invite, edit, deactivate, credits, audit', () => {
  let inbox: SmtpInbox;
  let runtime: TestRuntime;
  let admin: SignedInAccount;
  let superAdmin: SignedInAccount;

  // The scripted engine: a prompt with "pending" never finishes, so no real rendering runs.
  const started = withRuntimeAndInbox({ PUBLIC_URL: 'http://localhost:4321' }, undefined, {
    engine: createScriptedEngine(),
  });
  beforeAll(async () => {
    ({ runtime, inbox } = started);
    admin = await signedInAccount(runtime, 'admin');
    superAdmin = await signedInAccount(runtime, 'super_admin');
  });

  const providerCall = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown) =>
    runtime.app.inject({ method, url, payload: payload as object, headers: { 'x-api-key': key } });

  it('invites by email: an unverified account without password, a mailed link that signs in, an audit row', async () => {
    const since = inbox.messages.length;
    const response = await admin.call('POST', '/api/admin/users', { email: '  New.Person@Example.com ' });
    expect(response.statusCode).toBe(201);
    const { user, emailSent } = response.json();
    expect(emailSent).toBe(true);
    expect(AdminUser.parse(user)).toMatchObject({
      email: 'new.person@example.com',
      role: 'user',
      plan: 'free',
      emailVerified: false,
      isActive: true,
      balance: 0,
      lastLogin: null,
    });
    const mail = await inbox.waitForMail('new.person@example.com', { since });
    expect(mail.subject).toBe('You are invited to Conduit');
    expect(mail.text).toContain('choose a password under Settings');
    expect(await auditRowsFor(runtime, user._id)).toEqual([
      {
        actor_id: admin.userId,
        action: 'user.invited',
        details: { email: 'new.person@example.com', role: 'user' },
      },
    ]);

    const token = await verificationTokenFor(inbox, 'new.person@example.com', since);
    expect(linkIn(mail, 'http://localhost:4321/auth/verify-email?token=')).toContain(token);
    const accepted = await runtime.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(accepted.statusCode).toBe(200);
    const me = await runtime.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(accepted) },
    });
    expect(me.json().user).toMatchObject({
      email: 'new.person@example.com',
      emailVerified: true,
      hasPassword: false,
    });
    expect(await ledgerCheck(runtime.services, user._id)).toEqual({
      balance: FREE_CREDITS_ON_VERIFY,
      sum: FREE_CREDITS_ON_VERIFY,
    });
  });

  it('inviting a pending invitation again sends a fresh link; an existing account is a 409', async () => {
    await admin.call('POST', '/api/admin/users', { email: 'pending@example.com' });
    const since = inbox.messages.length;
    const again = await admin.call('POST', '/api/admin/users', { email: 'pending@example.com' });
    expect(again.statusCode).toBe(201);
    await inbox.waitForMail('pending@example.com', { since });
    const userId = again.json().user._id;
    expect((await auditRowsFor(runtime, userId)).map((row) => row.action)).toEqual([
      'user.invited',
      'user.reinvited',
    ]);

    const taken = await admin.call('POST', '/api/admin/users', { email: 'new.person@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(ADMIN_MESSAGES.userExists);
    const invalid = await admin.call('POST', '/api/admin/users', { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
  });

  it('only a super admin invites with an admin role', async () => {
    const refused = await admin.call('POST', '/api/admin/users', {
      email: 'boss@example.com',
      role: 'admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.superAdminToGrantAdmin);
    const { rows } = await runtime.services.pool.query(
      "select count(*)::int as n from users where email = 'boss@example.com'",
    );
    expect(rows[0].n).toBe(0);
    const granted = await superAdmin.call('POST', '/api/admin/users', {
      email: 'boss@example.com',
      role: 'admin',
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().user.role).toBe('admin');
  });

  it('edits plan, Enterprise limits and key maximum, with the changes in one audit row', async () => {
    const target = await signedInAccount(runtime, 'user', 'target');
    const response = await admin.call('PATCH', `/api/admin/users/${target.userId}`, {
      plan: 'premium',
      maxApiKeys: 25,
      rateLimits: { perMinute: 1000, perHour: null, perDay: 200000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      plan: 'premium',
      tier: 'enterprise',
      maxApiKeys: 25,
      rateLimits: { perMinute: 1000, perHour: null, perDay: 200000 },
    });
    expect(await auditRowsFor(runtime, target.userId)).toEqual([
      {
        actor_id: admin.userId,
        action: 'user.updated',
        details: {
          changes: {
            tier: { from: 'free', to: 'enterprise' },
            maxApiKeys: { from: 10, to: 25 },
            rateLimitPerMinute: { from: null, to: 1000 },
            rateLimitPerDay: { from: null, to: 200000 },
          },
        },
      },
    ]);
    // The user's own dashboard shows the new limits: the tier is the one the gateway enforces.
    const dashboard = await target.call('GET', '/api/dashboard');
    expect(dashboard.json().apiProvider).toMatchObject({
      tier: 'enterprise',
      maxApiKeys: 25,
      limits: { perMinute: 1000, perHour: RATE_LIMITS.enterprise.perHour, perDay: 200000 },
    });

    // Back to basic (Pro): the custom limits go with Enterprise.
    const basic = await admin.call('PATCH', `/api/admin/users/${target.userId}`, { plan: 'basic' });
    expect(basic.json().user).toMatchObject({
      plan: 'basic',
      tier: 'pro',
      rateLimits: { perMinute: null, perHour: null, perDay: null },
    });
    const limitsOnPro = await admin.call('PATCH', `/api/admin/users/${target.userId}`, {
      rateLimits: { perMinute: 5, perHour: null, perDay: null },
    });
    expect(limitsOnPro.statusCode).toBe(400);
    expect(limitsOnPro.json()).toMatchObject({
      error: ADMIN_MESSAGES.customLimitsNeedPremium,
      field: 'rateLimits',
    });

    // A body that changes nothing writes nothing.
    const rowsBefore = (await auditRowsFor(runtime, target.userId)).length;
    expect(
      (await admin.call('PATCH', `/api/admin/users/${target.userId}`, { plan: 'basic' })).statusCode,
    ).toBe(200);
    expect(await auditRowsFor(runtime, target.userId)).toHaveLength(rowsBefore);

    expect((await admin.call('PATCH', '/api/admin/users/usr_missing', { plan: 'basic' })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.call('PATCH', `/api/admin/users/${target.userId}`, { plan: 'gold' })).statusCode,
    ).toBe(400);
    expect(
      (await admin.call('PATCH', `/api/admin/users/${target.userId}`, { maxApiKeys: -1 })).statusCode,
    ).toBe(400);
  });

  it('an admin cannot demote or deactivate themselves, nor grant admin roles; a super admin can', async () => {
    const selfDemote = await admin.call('PATCH', `/api/admin/users/${admin.userId}`, { role: 'user' });
    expect(selfDemote.statusCode).toBe(403);
    expect(selfDemote.json().error).toBe(ADMIN_MESSAGES.cannotChangeOwnRole);
    const selfOff = await admin.call('PATCH', `/api/admin/users/${admin.userId}`, { isActive: false });
    expect(selfOff.statusCode).toBe(403);
    expect(selfOff.json().error).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    const superSelf = await superAdmin.call('PATCH', `/api/admin/users/${superAdmin.userId}`, {
      role: 'admin',
    });
    expect(superSelf.statusCode).toBe(403);
    // editing their own plan is fine
    expect(
      (await admin.call('PATCH', `/api/admin/users/${admin.userId}`, { plan: 'basic' })).statusCode,
    ).toBe(200);

    const promoted = await signedInAccount(runtime, 'user', 'promoted');
    const byAdmin = await admin.call('PATCH', `/api/admin/users/${promoted.userId}`, { role: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(ADMIN_MESSAGES.superAdminToGrantAdmin);
    const bySuper = await superAdmin.call('PATCH', `/api/admin/users/${promoted.userId}`, { role: 'admin' });
    expect(bySuper.json().user.role).toBe('admin');
    // now an admin, so a plain admin may not touch it
    const touch = await admin.call('PATCH', `/api/admin/users/${promoted.userId}`, { maxApiKeys: 1 });
    expect(touch.statusCode).toBe(403);
    expect(touch.json().error).toBe(ADMIN_MESSAGES.superAdminToEditAdmin);
    const { rows } = await runtime.services.pool.query(
      'select role, max_api_keys from users join workspaces using (id) where id = $1',
      [admin.userId],
    );
    expect(rows[0]).toEqual({ role: 'admin', max_api_keys: 10 });
  });

  it('deactivating ends every session and stops the API key on its very next call', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 50, label: 'deactivated' });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    // A first paid call puts the key in the gateway's identity cache.
    const first = await providerCall('POST', '/api/provider/video', account.key, { prompt: 'pending waves' });
    expect(first.statusCode).toBe(200);
    const taskId = first.json().data.taskId;

    const off = await admin.call('PATCH', `/api/admin/users/${account.userId}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.isActive).toBe(false);
    const ledgerBefore = await ledgerCheck(runtime.services, account.userId);

    const paid = await providerCall('POST', '/api/provider/video', account.key, { prompt: 'pending again' });
    expect(paid.statusCode).toBe(401);
    expect(paid.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const status = await providerCall('GET', `/api/provider/video/status/${taskId}`, account.key);
    expect(status.statusCode).toBe(401);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual(ledgerBefore);
    const me = await runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from sessions where user_id = $1',
      [account.userId],
    );
    expect(rows[0].n).toBe(0);
    expect((await auditRowsFor(runtime, account.userId)).at(-1)).toEqual({
      actor_id: admin.userId,
      action: 'user.deactivated',
      details: { changes: { isActive: { from: true, to: false } } },
    });

    const on = await admin.call('PATCH', `/api/admin/users/${account.userId}`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect((await auditRowsFor(runtime, account.userId)).at(-1)?.action).toBe('user.reactivated');
    const again = await providerCall('POST', '/api/provider/video', account.key, { prompt: 'pending back' });
    expect(again.statusCode).toBe(200);
  });

  it('adjusts credits as a ledger entry with the reason; never below 0', async () => {
    const target = await signedInAccount(runtime, 'user', 'credits');
    const added = await admin.call('POST', `/api/admin/users/${target.userId}/credits`, {
      amount: 30,
      reason: 'Goodwill for the outage',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ balance: 30 });
    const removed = await admin.call('POST', `/api/admin/users/${target.userId}/credits`, {
      amount: -12,
      reason: 'Duplicate grant',
    });
    expect(removed.json()).toEqual({ balance: 18 });

    const overdraft = await admin.call('POST', `/api/admin/users/${target.userId}/credits`, {
      amount: -19,
      reason: 'Too much',
    });
    expect(overdraft.statusCode).toBe(409);
    expect(overdraft.json().error).toBe(ADMIN_MESSAGES.overdraft(19, 18));
    expect(overdraft.json().error).toBe(
      'Cannot remove 19 credits: the balance is only 18 (credits never go below 0)',
    );

    const { rows } = await runtime.services.pool.query(
      "select delta, note, balance_after from credit_entries where workspace_id = $1 and reason = 'adjustment' order by balance_after desc",
      [target.userId],
    );
    expect(rows).toEqual([
      { delta: 30, note: 'Goodwill for the outage', balance_after: 30 },
      { delta: -12, note: 'Duplicate grant', balance_after: 18 },
    ]);
    expect(await ledgerCheck(runtime.services, target.userId)).toEqual({ balance: 18, sum: 18 });
    const audit = await auditRowsFor(runtime, target.userId);
    expect(
      audit.map((row) => [row.action, row.details.amount, row.details.reason, row.details.balanceAfter]),
    ).toEqual([
      ['credits.adjusted', 30, 'Goodwill for the outage', 30],
      ['credits.adjusted', -12, 'Duplicate grant', 18],
    ]);

    for (const body of [
      { amount: 0, reason: 'nothing' },
      { amount: 5 },
      { amount: 5, reason: 'x' },
      { amount: 1.5, reason: 'half' },
    ]) {
      expect((await admin.call('POST', `/api/admin/users/${target.userId}/credits`, body)).statusCode).toBe(
        400,
      );
    }
    expect(
      (await admin.call('POST', '/api/admin/users/usr_missing/credits', { amount: 5, reason: 'nobody' }))
        .statusCode,
    ).toBe(404);
  });

  it('concurrent adjustments and paid calls keep the balance equal to the sum of the ledger', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, label: 'race' });
    const adjustments = Array.from({ length: 20 }, (_, i) =>
      admin.call('POST', `/api/admin/users/${account.userId}/credits`, {
        amount: i % 2 === 0 ? 7 : -9,
        reason: `race ${i}`,
      }),
    );
    const calls = Array.from({ length: 10 }, () =>
      providerCall('POST', '/api/provider/video', account.key, { prompt: 'pending race' }),
    );
    const responses = await Promise.all([...adjustments, ...calls]);
    expect(responses.filter((r) => ![200, 402, 409].includes(r.statusCode)).map((r) => r.body)).toEqual([]);
    const check = await ledgerCheck(runtime.services, account.userId);
    expect(check.balance).toBe(check.sum);
    expect(check.balance).toBeGreaterThanOrEqual(0);
    // each accepted adjustment has exactly one audit row
    const { rows } = await runtime.services.pool.query(
      "select (select count(*) from credit_entries where workspace_id = $1 and reason = 'adjustment' and reference like 'adj_%')::int as entries, (select count(*) from admin_audit_log where target_user_id = $1 and action = 'credits.adjusted')::int as audit",
      [account.userId],
    );
    expect(rows[0].entries).toBe(rows[0].audit);
    expect(rows[0].entries).toBe(responses.slice(0, 20).filter((r) => r.statusCode === 200).length);
  });

  it('the audit log lists every change, newest first, with actor and target addresses, in pages', async () => {
    const first = (await admin.call('GET', '/api/admin/audit-log?limit=3')).json();
    expect(first.entries).toHaveLength(3);
    const all = [...first.entries];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (
        await admin.call('GET', `/api/admin/audit-log?limit=3&cursor=${encodeURIComponent(cursor)}`)
      ).json();
      all.push(...page.entries);
      cursor = page.nextCursor;
    }
    const { rows } = await runtime.services.pool.query('select count(*)::int as n from admin_audit_log');
    expect(all).toHaveLength(rows[0].n);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const times = all.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const invited = all.find(
      (entry) => entry.action === 'user.invited' && entry.targetEmail === 'new.person@example.com',
    );
    expect(invited).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      targetUserId: expect.any(String),
    });
  });
});
