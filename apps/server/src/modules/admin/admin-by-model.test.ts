import {
  AdminFeaturesResponse,
  AdminReconciliationResponse,
  AdminRevenueResponse,
  appPath,
} from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { reconciledFigures as figures, seedPayments } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

/*
 * The admin figures by model (docs/admin-figures.md, "By model") on calls made through the public
 * API against a kie.ai that behaves as documented: each task records the model it ran and what
 * kie bills for that model (the catalogue's price; 0 for a generation kie failed). One payment of
 * 1,000 cents for 100 credits: a credit is worth 10 cents, 100,000 micros.
 */
const NANO_BANANA = { id: 'nano-banana', name: 'Nano Banana' };
const SEEDREAM = { id: 'seedream-4.5', name: 'Seedream 4.5' };
const KLING = { id: 'kling-2.6', name: 'Kling 2.6' };

describe('admin figures by model, from real calls', () => {
  let kie: FakeKie;
  let runtime: TestRuntime;
  let admin: SignedInAccount;
  let account: PaidAccount;

  const call = async (url: string, payload: object) => {
    const answer = await runtime.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': account.key },
      payload,
    });
    const body = answer.json();
    return (body.data?.taskId ?? body.taskId) as string;
  };
  const statusOf = async (taskId: string) =>
    (await runtime.services.pool.query('select status from tasks where id = $1', [taskId])).rows[0]?.status;

  beforeAll(async () => {
    kie = await startFakeKie({ pendingPolls: 0 });
    kie.createLimit = 10_000;
    runtime = await createTestRuntime({
      PROVIDER_ENGINE: 'kie',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.url,
    });
    admin = await signedInAccount(runtime, 'admin');
    account = await createPaidAccount(runtime.services, { credits: 100 });
    await seedPayments(runtime.services.pool, account.workspaceId, 'pay_models', [
      { cents: 1000, credits: 100, at: new Date(Date.now() - 60_000).toISOString() },
    ]);

    await call('/api/provider/image', { prompt: 'a default image' });
    const rated = await call('/api/provider/image', { model: 'seedream-4.5', prompt: 'a harbour' });
    await call('/api/provider/image', { model: 'seedream-4.5', prompt: 'a quay' });
    await call('/api/provider/image', { model: 'seedream-4.5', prompt: 'fail at kie' });
    await call('/api/provider/sora-watermark-remover/sync', { video_url: 'https://sora.chatgpt.com/p/s_1' });
    const video = await call('/api/provider/video', { model: 'kling-2.6', prompt: 'a drone shot' });
    const loud = await call('/api/provider/video', {
      model: 'kling-2.6',
      prompt: 'a loud drone shot',
      duration: 10,
      sound: true,
    });
    for (const task of [video, loud]) {
      for (let attempt = 0; (await statusOf(task)) === 'processing'; attempt += 1) {
        if (attempt > 200) throw new Error('the video never settled');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const rating = await runtime.app.inject({
      method: 'PUT',
      url: appPath('rateResult', { taskId: rated }),
      headers: { cookie },
      payload: { rating: 4 },
    });
    expect(rating.statusCode, rating.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await kie?.close();
  });

  it('the tasks record the model, its price variant and what kie bills for that variant', async () => {
    const { rows } = await runtime.services.pool.query(
      `select service, model, variant, status, cost, credits_refunded, upstream_cost_micros from tasks
        where workspace_id = $1 order by created_at`,
      [account.workspaceId],
    );
    // Two Seedream 4.5 images done, each billed 32,500 micros by kie.
    const seedreamDone = {
      service: 'image',
      model: 'seedream-4.5',
      variant: 'all',
      status: 'completed',
      cost: 2,
      credits_refunded: 0,
      upstream_cost_micros: 32_500,
    };
    expect(rows).toEqual([
      {
        service: 'image',
        model: 'nano-banana',
        variant: 'all',
        status: 'completed',
        cost: 1,
        credits_refunded: 0,
        upstream_cost_micros: 20_000,
      },
      seedreamDone,
      seedreamDone,
      {
        service: 'image',
        model: 'seedream-4.5',
        variant: 'all',
        status: 'failed',
        cost: 2,
        credits_refunded: 2,
        upstream_cost_micros: 0,
      },
      {
        service: 'sora',
        model: null,
        variant: null,
        status: 'completed',
        cost: 1,
        credits_refunded: 0,
        upstream_cost_micros: 50_000,
      },
      {
        service: 'video',
        model: 'kling-2.6',
        variant: '5s',
        status: 'completed',
        cost: 12,
        credits_refunded: 0,
        upstream_cost_micros: 275_000,
      },
      // kie bills a 10 s video with sound four times the 5 s one: it sells for its variant's price.
      {
        service: 'video',
        model: 'kling-2.6',
        variant: '10s-sound',
        status: 'completed',
        cost: 26,
        credits_refunded: 0,
        upstream_cost_micros: 1_100_000,
      },
    ]);
  });

  it('features: actions, error rate and rating per model, and the margin per model', async () => {
    const features = AdminFeaturesResponse.parse(await readAs(admin, '/api/admin/analytics/features'));
    expect(features.features[0]).toMatchObject({
      feature: 'image',
      totalActions: 4,
      errorRate: 25,
      averageRating: 4,
    });
    expect(features.models).toEqual([
      { service: 'image', model: NANO_BANANA, totalActions: 1, errorRate: 0, averageRating: null },
      { service: 'image', model: SEEDREAM, totalActions: 3, errorRate: 33.3, averageRating: 4 },
      { service: 'video', model: KLING, totalActions: 2, errorRate: 0, averageRating: null },
      { service: 'sora', model: null, totalActions: 1, errorRate: 0, averageRating: null },
    ]);
    // Cents: credits kept at 10 cents; Seedream's two completed calls cost 65,000 micros = 6.5 -> 7.
    // One row per model and price variant: Kling's 5 s and 10 s with sound apart.
    expect(features.modelMargins).toEqual([
      {
        service: 'image',
        model: NANO_BANANA,
        variant: 'all',
        calls: 1,
        credits: 1,
        earned: 10,
        upstreamCost: 2,
        grossMargin: 8,
      },
      {
        service: 'image',
        model: SEEDREAM,
        variant: 'all',
        calls: 2,
        credits: 4,
        earned: 40,
        upstreamCost: 7,
        grossMargin: 33,
      },
      {
        service: 'video',
        model: KLING,
        variant: '10s-sound',
        calls: 1,
        credits: 26,
        earned: 260,
        upstreamCost: 110,
        grossMargin: 150,
      },
      {
        service: 'video',
        model: KLING,
        variant: '5s',
        calls: 1,
        credits: 12,
        earned: 120,
        upstreamCost: 28,
        grossMargin: 92,
      },
      {
        service: 'sora',
        model: null,
        variant: null,
        calls: 1,
        credits: 1,
        earned: 10,
        upstreamCost: 5,
        grossMargin: 5,
      },
    ]);
    // The month's margins per model are the same calls.
    const revenue = AdminRevenueResponse.parse(await readAs(admin, '/api/admin/analytics/revenue'));
    expect(revenue.margins.at(-1)?.models).toEqual(features.modelMargins);
  });

  it('reconciliation: per model, credits charged and kept, earned, upstream cost and margin', async () => {
    const report = AdminReconciliationResponse.parse(
      await readAs(admin, '/api/admin/analytics/reconciliation?days=2'),
    );
    // One row per model and price variant.
    expect(report.models).toEqual([
      { service: 'image', model: NANO_BANANA, variant: 'all', ...figures(1, 1, 1, 20_000) },
      { service: 'image', model: SEEDREAM, variant: 'all', ...figures(3, 6, 4, 65_000) },
      { service: 'video', model: KLING, variant: '10s-sound', ...figures(1, 26, 26, 1_100_000) },
      { service: 'video', model: KLING, variant: '5s', ...figures(1, 12, 12, 275_000) },
      { service: 'sora', model: null, variant: null, ...figures(1, 1, 1, 50_000) },
    ]);
    // The days hold the same calls, one row per day, service and model.
    const seedreamDays = report.days.filter((day) => day.model?.id === 'seedream-4.5');
    expect(seedreamDays.reduce((sum, day) => sum + day.upstreamCostMicros, 0)).toBe(65_000);
    const csv = await admin.call('GET', '/api/admin/analytics/reconciliation/export.csv?days=2');
    const seedreamLines = csv.body.split('\r\n').filter((line) => line.split(',')[2] === 'seedream-4.5');
    expect(seedreamLines.map((line) => line.split(',')[1])).toEqual(seedreamDays.map(() => 'image'));
  });
});
