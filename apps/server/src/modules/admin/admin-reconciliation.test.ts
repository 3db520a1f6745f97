import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { adminOverSeededCalls, reconciledFigures as figures } from '../../../test/seeded-calls.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

/*
 * The reconciliation (docs/admin-figures.md, "Reconciliation") on seeded calls, worked out by
 * hand. One payment of 1,000 cents for 100 credits: a credit is worth 10 cents = 100,000 micros.
 */
const NOW = new Date('2027-03-15T12:00:00.000Z');
// Each call: service, model (none: the service's default), status, credits charged and refunded,
// micros billed upstream, made at.
const TASKS = [
  // 13 and 14 March: Imagen 4 twice (2 credits, 40,000 micros), one refunded though kie billed it
  // (the null record after a create); Nano Banana twice (1 credit, 20,000 micros).
  ['image', 'imagen4', 'completed', 2, 0, 40_000, '2027-03-13T09:00:00Z'],
  ['image', 'nano-banana', 'completed', 1, 0, 20_000, '2027-03-14T09:00:00Z'],
  ['image', 'imagen4', 'failed', 2, 2, 40_000, '2027-03-14T10:00:00Z'],
  ['image', 'nano-banana', 'completed', 1, 0, 20_000, '2027-03-14T11:00:00Z'],
  // 15 March: a LinkedIn call and one refunded with its Apify runs billed; a failure billed nothing.
  ['linkedin', undefined, 'completed', 2, 0, 25_000, '2027-03-15T08:00:00Z'],
  ['linkedin', undefined, 'failed', 2, 2, 35_000, '2027-03-15T09:00:00Z'],
  ['linkedin', undefined, 'failed', 2, 2, 0, '2027-03-15T10:00:00Z'],
  // Still running: not settled, not counted. Too old for a 7-day window.
  ['video', undefined, 'processing', 10, 0, 300_000, '2027-03-15T11:00:00Z'],
  ['video', undefined, 'failed', 10, 10, 300_000, '2027-03-01T11:00:00Z'],
] as const;
const IMAGEN_4 = { id: 'imagen4', name: 'Imagen 4' };
const NANO_BANANA = { id: 'nano-banana', name: 'Nano Banana' };
/** A row of the report: a service's (or model's) figures over a day or the window. */
const row = (service: string, model: object | null, counts: Parameters<typeof figures>) => ({
  service,
  model,
  variant: null,
  ...figures(...counts),
});

describe('admin reconciliation: charged against billed upstream', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;

  beforeAll(async () => {
    const calls = TASKS.map(([service, model, status, cost, refunded, micros, at]) => ({
      service,
      model,
      status,
      cost,
      refunded,
      micros,
      at,
      channel: `${service === 'linkedin' ? 'apify' : 'kie'}:${service}`,
      error: status === 'failed' ? 'The generation failed upstream' : null,
    }));
    ({ runtime, admin } = await adminOverSeededCalls(NOW, 'rec', calls, [
      { cents: 1000, credits: 100, at: '2027-03-01T00:00:00Z' },
    ]));
  });
  afterAll(() => runtime.close());

  it('per day, service and model, and per model over the window: credits, upstream cost with refunded calls, margin', async () => {
    const report = await readAs(admin, '/api/admin/analytics/reconciliation?days=7');
    expect(report.creditPriceMicros).toBe(100_000);
    expect(report.days).toEqual([
      { date: '2027-03-15', ...row('linkedin', null, [3, 6, 2, 60_000, 1]) },
      { date: '2027-03-14', ...row('image', NANO_BANANA, [2, 2, 2, 40_000, 0]) },
      { date: '2027-03-14', ...row('image', IMAGEN_4, [1, 2, 0, 40_000, 1]) },
      { date: '2027-03-13', ...row('image', IMAGEN_4, [1, 2, 2, 40_000, 0]) },
    ]);
    expect(report.models).toEqual([
      row('image', NANO_BANANA, [2, 2, 2, 40_000, 0]),
      // Imagen 4 kept 2 of 4 credits and was billed for both calls: 200,000 - 80,000 micros.
      row('image', IMAGEN_4, [2, 4, 2, 80_000, 1]),
      row('linkedin', null, [3, 6, 2, 60_000, 1]),
    ]);
    expect(report.refundedButBilled).toEqual([
      {
        taskId: 'task_rec_5',
        service: 'linkedin',
        model: null,
        channel: 'apify:linkedin',
        createdAt: '2027-03-15T09:00:00.000Z',
        creditsRefunded: 2,
        upstreamCostMicros: 35_000,
        error: 'The generation failed upstream',
      },
      expect.objectContaining({
        taskId: 'task_rec_2',
        service: 'image',
        model: IMAGEN_4,
        upstreamCostMicros: 40_000,
      }),
    ]);
    // The default window (30 days) reaches the video of 1 March.
    const month = await readAs(admin, '/api/admin/analytics/reconciliation');
    expect(month.refundedButBilled.map((task: { taskId: string }) => task.taskId)).toEqual([
      'task_rec_5',
      'task_rec_2',
      'task_rec_8',
    ]);
  });

  it('the CSV has the same days with the model id, dollars with six decimals', async () => {
    const response = await admin.call('GET', '/api/admin/analytics/reconciliation/export.csv?days=7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reconciliation-2027-03-15.csv"',
    );
    expect(response.body).toBe(
      [
        'date,service,model,variant,calls,creditsCharged,creditsKept,earnedUsd,upstreamCostUsd,marginUsd,refundedButBilled',
        '2027-03-15,linkedin,,,3,6,2,0.200000,0.060000,0.140000,1',
        '2027-03-14,image,nano-banana,,2,2,2,0.200000,0.040000,0.160000,0',
        '2027-03-14,image,imagen4,,1,2,0,0.000000,0.040000,-0.040000,1',
        '2027-03-13,image,imagen4,,1,2,2,0.200000,0.040000,0.160000,0',
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
