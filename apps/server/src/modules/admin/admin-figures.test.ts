import { HEALTH_CHECK_NAMES } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { rebuildAccountActivity } from '../credits/account-activity.ts';
import { grantCredits } from '../credits/ledger.ts';
import { runLedgerCheck } from './ledger-audit.ts';

/*
 * A populated installation seen at a fixed "now": every figure below is worked out by hand from
 * the rows seeded here (the arithmetic is written next to each expectation).
 *   now    = 2027-03-15T12:00:00Z
 *   window = (2027-02-13T12:00Z, 2027-03-15T12:00Z]   (the last 30 days)
 *   before = (2027-01-14T12:00Z, 2027-02-13T12:00Z]   (the 30 days before it)
 */
const NOW = new Date('2027-03-15T12:00:00.000Z');
const SINCE = '2027-02-13T12:00:00Z';
const BEFORE = '2027-01-14T12:00:00Z';

interface SeedUser {
  key: string;
  createdAt: string;
  lastLoginAt?: string;
  deletedAt?: string;
  isActive?: boolean;
  name?: string;
}

// created_at, last sign-in, deletion; the comments say how each counts.
const USERS: SeedUser[] = [
  { key: 'a', createdAt: '2026-10-01T00:00:00Z', lastLoginAt: '2027-03-10T08:00:00Z' }, // active (sign-in)
  { key: 'b', createdAt: '2027-02-20T00:00:00Z', lastLoginAt: '2027-02-21T00:00:00Z' }, // new, active
  { key: 'c', createdAt: '2027-03-01T00:00:00Z', isActive: false }, // new, deactivated, not active
  { key: 'd', createdAt: '2026-12-01T00:00:00Z', lastLoginAt: '2027-01-20T00:00:00Z' }, // cohort, churned
  { key: 'e', createdAt: '2026-12-05T00:00:00Z' }, // cohort, active by calls: retained
  { key: 'f', createdAt: '2026-11-01T00:00:00Z', deletedAt: '2027-02-01T00:00:00Z' }, // deleted: cohort, churned
  { key: 'g', createdAt: '2027-02-14T00:00:00Z' }, // new, active by calls
  { key: 'h', createdAt: '2027-01-01T00:00:00Z', lastLoginAt: '2027-03-14T00:00:00Z', name: 'Hedda 50%_off' }, // cohort, retained
  { key: 'j', createdAt: SINCE }, // exactly at the window's start: not new
  { key: 'k', createdAt: NOW.toISOString() }, // exactly now: new
  { key: 'n', createdAt: '2026-06-01T00:00:00Z' }, // call exactly at SINCE (cohort) and exactly now (active)
  { key: 'p', createdAt: '2026-05-01T00:00:00Z' }, // call exactly at BEFORE: in neither window
  // Two accounts a tenth of a millisecond apart: a page boundary between them must not lose one.
  { key: 'q1', createdAt: '2026-04-01 00:00:00.0001+00' },
  { key: 'q2', createdAt: '2026-04-01 00:00:00.0002+00' },
];

interface SeedTask {
  user: string;
  service: 'image' | 'video' | 'sora' | 'linkedin';
  status: 'processing' | 'completed' | 'failed';
  createdAt: string;
  deadlineAt?: string;
  rating?: number;
}

const TASKS: SeedTask[] = [
  // The 30 days before the window: the churn cohort is d, e, f, h, n.
  { user: 'd', service: 'linkedin', status: 'completed', createdAt: '2027-01-20T10:00:00Z' },
  {
    user: 'd',
    service: 'video',
    status: 'processing',
    createdAt: '2027-01-25T10:00:00Z',
    deadlineAt: '2027-01-25T10:30:00Z',
  }, // stuck
  { user: 'e', service: 'image', status: 'completed', createdAt: '2027-02-01T10:00:00Z', rating: 1 }, // rating outside the window
  { user: 'f', service: 'video', status: 'completed', createdAt: '2027-02-10T10:00:00Z' },
  { user: 'h', service: 'sora', status: 'failed', createdAt: '2027-01-30T10:00:00Z' },
  { user: 'n', service: 'image', status: 'completed', createdAt: SINCE },
  { user: 'p', service: 'sora', status: 'completed', createdAt: BEFORE },
  // The window.
  { user: 'e', service: 'image', status: 'completed', createdAt: '2027-03-01T10:00:00Z', rating: 5 },
  { user: 'e', service: 'image', status: 'failed', createdAt: '2027-03-02T10:00:00Z', rating: 2 },
  { user: 'g', service: 'image', status: 'completed', createdAt: '2027-03-03T10:00:00Z', rating: 4 },
  {
    user: 'n',
    service: 'image',
    status: 'processing',
    createdAt: NOW.toISOString(),
    deadlineAt: '2027-03-15T12:10:00Z',
  },
  // Past its deadline by 30 s only: the pump has not had its look yet, so not stuck.
  {
    user: 'n',
    service: 'image',
    status: 'processing',
    createdAt: '2027-03-15T11:49:30Z',
    deadlineAt: '2027-03-15T11:59:30Z',
  },
  { user: 'g', service: 'video', status: 'failed', createdAt: '2027-02-20T10:00:00Z' },
  { user: 'g', service: 'video', status: 'failed', createdAt: '2027-02-21T10:00:00Z' },
  { user: 'e', service: 'sora', status: 'completed', createdAt: '2027-03-05T10:00:00Z', rating: 2 },
  { user: 'g', service: 'sora', status: 'completed', createdAt: '2027-03-06T10:00:00Z', rating: 5 },
];

const COST = { image: 1, video: 10, sora: 1, linkedin: 2 } as const;

// Succeeded ('paid') payments count in the UTC month they were paid; the others never count.
const PAYMENTS = [
  { user: 'a', status: 'paid', cents: 999, paidAt: '2026-09-15T12:00:00Z' }, // 2026-09 (before the six months)
  { user: 'a', status: 'paid', cents: 3999, paidAt: '2026-10-03T12:00:00Z' },
  { user: 'b', status: 'paid', cents: 6999, paidAt: '2026-10-31T23:59:59Z' }, // last second of October
  { user: 'd', status: 'paid', cents: 3999, paidAt: '2026-11-01T00:00:00Z' }, // first second of November
  { user: 'e', status: 'paid', cents: 999, paidAt: '2027-01-10T12:00:00Z' },
  { user: 'e', status: 'paid', cents: 999, paidAt: '2027-01-20T12:00:00Z' },
  { user: 'h', status: 'failed', cents: 3999, paidAt: null },
  { user: 'g', status: 'pending', cents: 6999, paidAt: null },
  { user: 'b', status: 'expired', cents: 999, paidAt: null },
  { user: 'f', status: 'paid', cents: 999, paidAt: '2027-02-05T12:00:00Z' }, // a deleted account's payment still counts
  { user: 'a', status: 'paid', cents: 6999, paidAt: '2027-03-02T12:00:00Z' },
] as const;

describe('admin figures on a seeded installation (hand-computed answers)', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;
  const ids = new Map<string, string>();
  const id = (key: string) => ids.get(key) as string;

  beforeAll(async () => {
    // API-only: no task pump or job workers touch the seeded rows.
    runtime = await createTestRuntime({ ROLE: 'api' });
    runtime.services.clock = { now: () => NOW };
    runtime.services.startedAt = new Date(NOW.getTime() - 3_600_400);
    const { pool, db } = runtime.services;
    admin = await signedInAccount(runtime, 'admin');
    await pool.query("update users set created_at = '2026-11-23T00:00:00Z' where id = $1", [admin.userId]);

    for (const user of USERS) {
      const userId = `usr_seed_${user.key}`;
      ids.set(user.key, userId);
      await pool.query(
        `with u as (
           insert into users (id, email, name, is_active, email_verified_at, last_login_at, created_at, deleted_at)
           values ($1, $2, $3, $4, $5, $6, $5, $7) returning id, created_at)
         insert into workspaces (id, kind, max_api_keys, created_at) select id, 'personal', 10, created_at from u`,
        [
          userId,
          `${user.key}@seed.test`,
          user.name ?? null,
          user.isActive ?? true,
          user.createdAt,
          user.lastLoginAt ?? null,
          user.deletedAt ?? null,
        ],
      );
      await pool.query(
        `insert into api_keys (id, workspace_id, name, key_hash, key_encrypted, permissions)
         values ($1, $2, 'seed', $3, 'x', array['image', 'video', 'sora', 'linkedin'])`,
        [`key_seed_${user.key}`, userId, `hash-${user.key}`],
      );
      await pool.query('insert into credit_accounts (workspace_id) values ($1)', [userId]);
      await db.transaction((tx) =>
        grantCredits(tx, {
          workspaceId: userId,
          delta: 100,
          reason: 'adjustment',
          reference: `seed:${userId}`,
        }),
      );
    }
    for (const [index, task] of TASKS.entries()) {
      const taskId = `task_seed_${index}`;
      const cost = COST[task.service];
      await pool.query(
        `insert into tasks (id, workspace_id, api_key_id, service, status, cost, credits_refunded, engine, request,
                            deadline_at, created_at, completed_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'local', '{}', $8, $9, $10)`,
        [
          taskId,
          id(task.user),
          `key_seed_${task.user}`,
          task.service,
          task.status,
          cost,
          task.status === 'failed' ? cost : 0,
          task.deadlineAt ?? new Date(Date.parse(task.createdAt.replace(' ', 'T')) + 600_000).toISOString(),
          task.createdAt,
          task.status === 'processing' ? null : task.createdAt,
        ],
      );
      if (task.rating) {
        await pool.query('insert into task_ratings (task_id, user_id, rating) values ($1, $2, $3)', [
          taskId,
          id(task.user),
          task.rating,
        ]);
      }
    }
    // The calls went in directly, not through the debit: derive the accounts' call activity.
    await rebuildAccountActivity(pool);
    for (const [index, payment] of PAYMENTS.entries()) {
      await pool.query(
        `insert into payments (id, workspace_id, package, credits, amount_cents, status, provider, created_at, paid_at)
         values ($1, $2, 'starter', 100, $3, $4, 'sandbox', coalesce($5::timestamptz, '2027-01-01T00:00:00Z'), $5)`,
        [`pay_seed_${index}`, id(payment.user), payment.cents, payment.status, payment.paidAt],
      );
    }
  });
  afterAll(() => runtime.close());

  it('dashboard: users, revenue and this process', async () => {
    // The response time is the mean of this process's requests of the last 5 minutes: make one.
    expect((await runtime.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const { users, revenue, system } = (await readAs(admin, '/api/admin/dashboard')).overview;
    expect(users).toEqual({
      // 14 seeded + the admin, less f (deleted)
      total: 14,
      // created in (SINCE, NOW]: b, c, g, k (j sits exactly on SINCE)
      new: 4,
      // signed in or called in the window: a, b, h (sign-in); e, g, n (calls)
      active: 6,
      // cohort (calls in the 30 days before): d, e, f, h, n; not active now: d, f -> 2 / 5
      churnRate: 40,
    });
    // paid: 999 + 3999 + 6999 + 3999 + 999 + 999 + 999 + 6999 = 25992 cents by a, b, d, e, f
    // ARPU: 25992 / 5 = 5198.4 -> 5198
    expect(revenue).toEqual({ total: 25992, arpu: 5198 });
    // startedAt is 3600.4 s before now
    expect(system.uptime).toBe(3600);
    expect(system.responseTime).toBeGreaterThan(0);
  });

  it('revenue: the last six UTC months, zeros included, growth against the month before', async () => {
    expect((await readAs(admin, '/api/admin/analytics/revenue')).revenueData).toEqual([
      // 2026-09 had 999: (10998 - 999) / 999 = 1000.90..%
      { date: '2026-10', revenue: { total: 10998 }, growthRate: 1000.9 },
      // (3999 - 10998) / 10998 = -63.63..%
      { date: '2026-11', revenue: { total: 3999 }, growthRate: -63.6 },
      { date: '2026-12', revenue: { total: 0 }, growthRate: -100 },
      // the month before had nothing: no rate
      { date: '2027-01', revenue: { total: 1998 }, growthRate: null },
      // (999 - 1998) / 1998
      { date: '2027-02', revenue: { total: 999 }, growthRate: -50 },
      // (6999 - 999) / 999 = 600.60..%
      { date: '2027-03', revenue: { total: 6999 }, growthRate: 600.6 },
    ]);
  });

  it('features: calls of the window per service, error rate of settled calls, mean rating', async () => {
    expect((await readAs(admin, '/api/admin/analytics/features')).features).toEqual([
      // e, g, n; 5 calls (2 still processing); 1 failed of 3 settled = 33.3%; ratings 5, 2, 4 -> 3.67
      { feature: 'image', totalUsers: 3, totalActions: 5, averageRating: 3.67, errorRate: 33.3 },
      // g twice, both failed; nobody rated
      { feature: 'video', totalUsers: 1, totalActions: 2, averageRating: null, errorRate: 100 },
      // e and g; ratings 2 and 5 -> 3.5
      { feature: 'sora', totalUsers: 2, totalActions: 2, averageRating: 3.5, errorRate: 0 },
      // d's call is before the window
      { feature: 'linkedin', totalUsers: 0, totalActions: 0, averageRating: null, errorRate: 0 },
    ]);
  });

  it('health: every check, then an account whose balance drifted from its ledger', async () => {
    const { services } = runtime;
    await services.jobs.createQueue('admin-figures-test');
    await services.jobs.send('admin-figures-test', { n: 1 });
    await services.jobs.send('admin-figures-test', { n: 2 });
    // Two deliveries given up (the retry schedule ran out): an hour ago and 25 hours ago.
    const workspaceId = admin.userId;
    await services.pool.query(
      `insert into webhook_events (id, workspace_id, type, body, dedupe_key) values ('evt_health', $1, 'webhook.test', '{}', 'health')`,
      [workspaceId],
    );
    for (const [id, hoursAgo] of [
      ['whd_recent', 1],
      ['whd_old', 25],
    ] as const) {
      await services.pool.query(
        `insert into webhook_deliveries (id, workspace_id, event_id, event_type, target, url, status, attempts, updated_at)
         values ($1, $2, 'evt_health', 'webhook.test', 'endpoint', 'https://example.com/hook', 'failed', 9, $3)`,
        [id, workspaceId, new Date(NOW.getTime() - hoursAgo * 3_600_000)],
      );
    }

    const body = await readAs(admin, '/api/admin/system/health');
    const check = (name: string) => body.checks.find((c: { name: string }) => c.name === name);
    expect(body.checks.map((c: { name: string }) => c.name)).toEqual([...HEALTH_CHECK_NAMES]);
    expect(check('database')).toMatchObject({ status: 'ok' });
    expect(check('job_queue')).toMatchObject({ status: 'ok', value: 2 });
    // d's video: deadline 2027-01-25T10:30Z; n's image is 30 s past its deadline, inside the minute of grace
    expect(check('stuck_tasks')).toMatchObject({ status: 'warn', value: 1 });
    expect(check('payment_webhooks')).toEqual({
      name: 'payment_webhooks',
      status: 'ok',
      detail: 'Stripe webhooks not configured',
      value: null,
    });
    // one failure an hour ago; the one 25 hours ago is outside the 24 hours
    expect(check('task_webhooks')).toMatchObject({ status: 'warn', value: 1 });
    // No worker in this runtime: the ledger audit has not run yet.
    expect(check('ledger')).toMatchObject({ status: 'warn', value: null });
    expect(check('upstream_balance')).toEqual({
      name: 'upstream_balance',
      status: 'ok',
      detail: 'local engine',
      value: null,
    });
    expect(body.health).toMatchObject({ status: 'degraded', uptime: 3600, errorRate: 0 });

    const healthOf = async () => (await admin.call('GET', '/api/admin/system/health')).json();
    const ledgerOf = (body: { checks: { name: string }[] }) => body.checks.find((c) => c.name === 'ledger');
    await runLedgerCheck(services);
    expect(ledgerOf(await healthOf())).toEqual({
      name: 'ledger',
      status: 'ok',
      // 14 seeded accounts + the admin's, f's included (its ledger is kept)
      detail: expect.stringMatching(
        /^15 accounts: every balance equals the sum of its ledger entries \(audit of 2027-03-15T12:00:00.000Z, \d+ ms\)$/,
      ),
      value: 0,
    });

    await services.pool.query('update credit_accounts set balance = balance + 5 where workspace_id = $1', [
      id('p'),
    ]);
    await runLedgerCheck(services);
    const broken = await healthOf();
    expect(broken.checks.find((c: { name: string }) => c.name === 'ledger')).toMatchObject({
      status: 'fail',
      value: 1,
    });
    expect(broken.health.status).toBe('unhealthy');
    await services.pool.query('update credit_accounts set balance = balance - 5 where workspace_id = $1', [
      id('p'),
    ]);
    await runLedgerCheck(services);

    // A result older than 15 minutes means no worker runs the audit any more.
    services.clock = { now: () => new Date(NOW.getTime() + 16 * 60_000) };
    try {
      expect(ledgerOf(await healthOf())).toMatchObject({
        status: 'warn',
        detail: 'the last ledger audit ran at 2027-03-15T12:00:00.000Z: is a worker process running?',
      });
    } finally {
      services.clock = { now: () => NOW };
    }
  });

  it('users: newest first, paged by cursor without losing rows that share a millisecond', async () => {
    const order = ['k', 'c', 'b', 'g', 'j', 'h', 'e', 'd', 'admin', 'a', 'n', 'p', 'q2', 'q1'];
    const keyOf = (email: string) => (email.endsWith('@seed.test') ? email.split('@')[0] : 'admin');
    const first = (await admin.call('GET', '/api/admin/users?limit=13')).json();
    expect(first.total).toBe(14);
    expect(first.users.map((u: { email: string }) => keyOf(u.email))).toEqual(order.slice(0, 13));
    const second = (
      await admin.call('GET', `/api/admin/users?limit=13&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.users.map((u: { email: string }) => keyOf(u.email))).toEqual(['q1']);
    expect(second.nextCursor).toBeNull();

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/admin/users?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await admin.call('GET', query)).json();
      pages.push(...page.users.map((u: { email: string }) => keyOf(u.email)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(order);

    const h = first.users.find((u: { email: string }) => u.email === 'h@seed.test');
    expect(h).toEqual({
      _id: id('h'),
      email: 'h@seed.test',
      name: 'Hedda 50%_off',
      plan: 'free',
      tier: 'free',
      role: 'user',
      isActive: true,
      emailVerified: true,
      lastLogin: '2027-03-14T00:00:00.000Z',
      createdAt: '2027-01-01T00:00:00.000Z',
      balance: 100,
      maxApiKeys: 10,
      rateLimits: { perMinute: null, perHour: null, perDay: null },
    });
  });

  it('users: search matches email or name, case-insensitively and literally', async () => {
    const search = async (term: string) =>
      (await admin.call('GET', `/api/admin/users?search=${encodeURIComponent(term)}`)).json();
    // every seeded address but f's (deleted)
    expect((await search('SEED.TEST')).total).toBe(13);
    const byName = await search('50%_');
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(['h@seed.test']);
    // % and _ are literal: no name or address holds "%" followed by "x"
    expect((await search('%x')).total).toBe(0);
    expect((await search('q')).users.map((u: { email: string }) => u.email)).toEqual([
      'q2@seed.test',
      'q1@seed.test',
    ]);
    const bad = await admin.call('GET', '/api/admin/users?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/users?limit=101')).statusCode).toBe(400);
  });
});
