import { CallDetail, callDetailPath, DashboardResponse, UsageResponse } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * Every call records the model it ran, whichever way it was charged (alone, with an
 * Idempotency-Key, or in a batch of concurrent calls), and the call page, the usage list, its CSV
 * and the dashboard's per-model figures read it (docs/product.md, "Usage by model").
 */
const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

const NANO_BANANA = { id: 'nano-banana', name: 'Nano Banana' };
const SEEDREAM = { id: 'seedream-4.5', name: 'Seedream 4.5' };
const KLING = { id: 'kling-2.6', name: 'Kling 2.6' };
const VEO_FAST = { id: 'fast', name: 'Veo 3.1 Fast' };

async function accountWithCookie() {
  const account = await createPaidAccount(runtime.services, { credits: 200 });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const read = async (url: string) => {
    const answer = await runtime.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(answer.statusCode, url).toBe(200);
    return answer;
  };
  const call = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const answer = await runtime.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': account.key, ...headers },
      payload,
    });
    // A failed sync call answers an error naming its task.
    const body = answer.json();
    return (body.data?.taskId ?? body.taskId) as string;
  };
  return { ...account, read, call };
}

describe('usage by model', () => {
  it('shows each call with its model on the call page, in the usage list and its CSV, and sums credits per model', async () => {
    const account = await accountWithCookie();
    const byDefault = await account.call('/api/provider/image', { prompt: 'no model named' });
    const seedream = await account.call('/api/provider/image', {
      model: 'seedream-4.5',
      prompt: 'a harbour',
    });
    const refunded = await account.call('/api/provider/image', {
      model: 'seedream-4.5',
      prompt: 'fail this',
    });
    const kling = await account.call(
      '/api/provider/video',
      { model: 'kling-2.6', prompt: 'a drone shot', duration: 5 },
      { 'idempotency-key': 'kling-once' },
    );
    const linkedin = await account.call('/api/provider/linkedin', { username: 'ada' });

    const detailOf = async (taskId: string) =>
      CallDetail.parse((await account.read(callDetailPath(taskId))).json());
    expect((await detailOf(byDefault)).model).toEqual(NANO_BANANA);
    expect(await detailOf(seedream)).toMatchObject({ model: SEEDREAM, creditsCharged: 2 });
    expect(await detailOf(refunded)).toMatchObject({ model: SEEDREAM, status: 'failed', creditsRefunded: 2 });
    expect(await detailOf(kling)).toMatchObject({ model: KLING, creditsCharged: 12 });
    expect((await detailOf(linkedin)).model).toBeNull();

    const list = UsageResponse.parse((await account.read('/api/usage?limit=10')).json());
    expect(Object.fromEntries(list.items.map((item) => [item.taskId, item.model]))).toEqual({
      [byDefault]: NANO_BANANA,
      [seedream]: SEEDREAM,
      [refunded]: SEEDREAM,
      [kling]: KLING,
      [linkedin]: null,
    });

    const csv = (await account.read('/api/usage/export.csv')).body.trim().split('\n');
    expect(csv[0]?.split(',').slice(3, 5)).toEqual(['service', 'model']);
    const csvRow = (taskId: string) =>
      csv
        .find((line) => line.includes(taskId))
        ?.split(',')
        .slice(3, 5);
    expect(csvRow(byDefault)).toEqual(['image', 'nano-banana']);
    expect(csvRow(refunded)).toEqual(['image', 'seedream-4.5']);
    expect(csvRow(kling)).toEqual(['video', 'kling-2.6']);
    expect(csvRow(linkedin)).toEqual(['linkedin', '']);

    // Net of refunds: the refunded Seedream call counts as a call that cost nothing.
    const dashboard = DashboardResponse.parse((await account.read('/api/dashboard')).json());
    expect(dashboard.usage.last30Days.byModel).toEqual([
      { service: 'image', model: NANO_BANANA, calls: 1, credits: 1 },
      { service: 'image', model: SEEDREAM, calls: 2, credits: 2 },
      { service: 'video', model: KLING, calls: 1, credits: 12 },
      { service: 'linkedin', model: null, calls: 1, credits: 2 },
    ]);
    expect(dashboard.usage.last30Days).toMatchObject({
      totalRequests: 5,
      imageRequests: 3,
      videoRequests: 1,
      creditsByService: { image: 3, video: 12, sora: 0, linkedin: 2 },
    });
  });

  it('records the model of concurrent calls charged together in one batch', async () => {
    const account = await accountWithCookie();
    const bodies = [
      { url: '/api/provider/video', payload: { prompt: 'pending sea' }, model: 'fast' },
      {
        url: '/api/provider/video',
        payload: { model: 'kling-2.6', prompt: 'pending hills' },
        model: 'kling-2.6',
      },
      {
        url: '/api/provider/video',
        payload: { model: 'standard', prompt: 'pending sky' },
        model: 'standard',
      },
      { url: '/api/provider/video', payload: { model: 'wan-2.6', prompt: 'pending sand' }, model: 'wan-2.6' },
      { url: '/api/provider/video', payload: { prompt: 'pending snow' }, model: 'fast' },
    ];
    const answers = await Promise.all(
      bodies.map((body) => postWithKey(runtime.app, account.key, body.url, body.payload)),
    );
    const taskIds = answers.map((answer) => answer.json().data.taskId as string);
    const { rows } = await runtime.services.pool.query<{ id: string; model: string }>(
      'select id, model from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    const recorded = new Map(rows.map((row) => [row.id, row.model]));
    expect(taskIds.map((taskId) => recorded.get(taskId))).toEqual(bodies.map((body) => body.model));

    const dashboard = DashboardResponse.parse((await account.read('/api/dashboard')).json());
    expect(dashboard.usage.last30Days.byModel).toEqual([
      { service: 'video', model: VEO_FAST, calls: 2, credits: 20 },
      { service: 'video', model: { id: 'standard', name: 'Veo 3.1 Quality' }, calls: 1, credits: 10 },
      { service: 'video', model: KLING, calls: 1, credits: 12 },
      { service: 'video', model: { id: 'wan-2.6', name: 'Wan 2.6' }, calls: 1, credits: 16 },
    ]);
  });
});
