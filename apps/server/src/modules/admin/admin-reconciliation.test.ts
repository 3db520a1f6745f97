import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { seedCalls, seedPayments } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

/*
 * The reconciliation (docs/admin-figures.md, "Reconciliation") on seeded calls, worked out by
 * hand. One payment of 1,000 cents for 100 credits: a credit is worth 10 cents = 100,000 micros.
 */
const NOW = new Date('2027-03-15T12:00:00.000Z');
const TASKS = [
  // 14 March: two images, one refunded though kie billed it (the null record after a create).
  { service: 'image', status: 'completed', refunded: 0, cost: 1, micros: 20_000, at: '2027-03-14T09:00:00Z' },
  { service: 'image', status: 'failed', refunded: 1, cost: 1, micros: 20_000, at: '2027-03-14T10:00:00Z' },
  // 15 March: a LinkedIn call and one refunded with its Apify runs billed; a failure billed nothing.
  {
    service: 'linkedin',
    status: 'completed',
    refunded: 0,
    cost: 2,
    micros: 25_000,
    at: '2027-03-15T08:00:00Z',
  },
  { service: 'linkedin', status: 'failed', refunded: 2, cost: 2, micros: 35_000, at: '2027-03-15T09:00:00Z' },
  { service: 'linkedin', status: 'failed', refunded: 2, cost: 2, micros: 0, at: '2027-03-15T10:00:00Z' },
  // Still running: not settled, not counted. Too old for a 7-day window.
  {
    service: 'video',
    status: 'processing',
    refunded: 0,
    cost: 10,
    micros: 300_000,
    at: '2027-03-15T11:00:00Z',
  },
  { service: 'video', status: 'failed', refunded: 10, cost: 10, micros: 300_000, at: '2027-03-01T11:00:00Z' },
] as const;

describe('admin reconciliation: charged against billed upstream', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;

  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
    runtime.services.clock = { now: () => NOW };
    admin = await signedInAccount(runtime, 'admin');
    const account = await createPaidAccount(runtime.services);
    const { pool } = runtime.services;
    const calls = TASKS.map((task) => ({
      ...task,
      channel: `${task.service === 'linkedin' ? 'apify' : 'kie'}:${task.service}`,
      error: task.status === 'failed' ? 'The generation failed upstream' : null,
    }));
    await seedCalls(pool, account, 'task_rec', calls);
    await seedPayments(pool, account.workspaceId, 'pay_rec', [
      { cents: 1000, credits: 100, at: '2027-03-01T00:00:00Z' },
    ]);
  });
  afterAll(() => runtime.close());

  it('per day and service: credits charged and kept, upstream cost with refunded calls, margin', async () => {
    const report = await readAs(admin, '/api/admin/analytics/reconciliation?days=7');
    expect(report.creditPriceMicros).toBe(100_000);
    expect(report.days).toEqual([
      {
        date: '2027-03-15',
        service: 'linkedin',
        calls: 3,
        creditsCharged: 6,
        creditsKept: 2,
        earnedMicros: 200_000,
        upstreamCostMicros: 60_000,
        marginMicros: 140_000,
        refundedButBilled: 1,
      },
      {
        date: '2027-03-14',
        service: 'image',
        calls: 2,
        creditsCharged: 2,
        creditsKept: 1,
        earnedMicros: 100_000,
        upstreamCostMicros: 40_000,
        marginMicros: 60_000,
        refundedButBilled: 1,
      },
    ]);
    expect(report.refundedButBilled).toEqual([
      {
        taskId: 'task_rec_3',
        service: 'linkedin',
        channel: 'apify:linkedin',
        createdAt: '2027-03-15T09:00:00.000Z',
        creditsRefunded: 2,
        upstreamCostMicros: 35_000,
        error: 'The generation failed upstream',
      },
      expect.objectContaining({ taskId: 'task_rec_1', service: 'image', upstreamCostMicros: 20_000 }),
    ]);
    // The default window (30 days) reaches the video of 1 March.
    const month = await readAs(admin, '/api/admin/analytics/reconciliation');
    expect(month.refundedButBilled.map((task: { taskId: string }) => task.taskId)).toEqual([
      'task_rec_3',
      'task_rec_1',
      'task_rec_6',
    ]);
  });

  it('the CSV has the same days, dollars with six decimals', async () => {
    const response = await admin.call('GET', '/api/admin/analytics/reconciliation/export.csv?days=7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reconciliation-2027-03-15.csv"',
    );
    expect(response.body).toBe(
      [
        'date,service,calls,creditsCharged,creditsKept,earnedUsd,upstreamCostUsd,marginUsd,refundedButBilled',
        '2027-03-15,linkedin,3,6,2,0.200000,0.060000,0.140000,1',
        '2027-03-14,image,2,2,1,0.100000,0.040000,0.060000,1',
        '',
      ].join('\r\n'),
    );
  });

  it('refuses a bad window and anyone but an admin', async () => {
    for (const days of ['0', '93', 'x']) {
      const bad = await admin.call('GET', `/api/admin/analytics/reconciliation?days=${days}`);
      expect(bad.statusCode).toBe(400);
    }
    const user = await signedInAccount(runtime, 'user');
    for (const path of [
      '/api/admin/analytics/reconciliation',
      '/api/admin/analytics/reconciliation/export.csv',
    ]) {
      expect((await user.call('GET', path)).statusCode).toBe(403);
    }
  });
});
