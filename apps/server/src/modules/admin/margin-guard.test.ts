import { type AdminMarginsResponse, MODEL_VARIANT_COSTS, type VariantMargin } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime();
let admin: SignedInAccount;
beforeAll(async () => {
  admin = await signedInAccount(runtime, 'admin');
});

const margins = async () => (await readAs(admin, '/api/admin/margins')) as AdminMarginsResponse;
const pricesCheck = async () =>
  (
    (await readAs(admin, '/api/admin/system/health')) as {
      checks: { name: string; status: string; detail: string; value: number }[];
    }
  ).checks.find((check) => check.name === 'prices');
const rowOf = (rows: VariantMargin[], model: string, variant: string) =>
  rows.find((row) => row.model === model && row.variant === variant);
const patch = (id: string, body: object) => admin.call('PATCH', `/api/admin/models/${id}`, body);

describe('the margin guard through the admin routes', () => {
  it('lists every enabled variant, Sora and LinkedIn, and flags exactly the specification price that sells below cost', async () => {
    const { data, marginFloorPercent } = await margins();
    expect(marginFloorPercent).toBe(15);
    for (const cost of MODEL_VARIANT_COSTS)
      expect(rowOf(data, cost.model, cost.variant), cost.variant).toBeDefined();
    expect(data.filter((row) => row.service === 'sora')).toHaveLength(1);
    expect(data.filter((row) => row.service === 'linkedin').map((row) => row.variant)).toContain(
      'posts-91-100',
    );
    expect(data.filter((row) => row.belowCost).map((row) => `${row.model} ${row.variant}`)).toEqual([
      'standard all',
    ]);
    expect(rowOf(data, 'standard', 'all')).toEqual({
      service: 'video',
      model: 'standard',
      variant: 'all',
      label: 'any body',
      credits: 10,
      upstreamCostUsd: 1.25,
      revenueUsdAtCheapestPack: 0.63,
      marginPercent: -98.4,
      belowCost: true,
    });
    expect(rowOf(data, 'kling-2.6', '10s-sound')).toMatchObject({ credits: 26, upstreamCostUsd: 1.1 });
    // Health is amber while an enabled variant sells below cost.
    expect(await pricesCheck()).toMatchObject({ status: 'warn', value: 1 });
  });

  it('a price under cost is 409 PRICE_BELOW_COST with nothing saved, unless acceptBelowCost; then saved and audited', async () => {
    const refused = await patch('kling-2.6', { credits: 6 });
    expect(refused.statusCode).toBe(409);
    // At 6 credits Kling's 5 s is above cost, but 10 s (6 + 4) and with sound (6 + 14) are not.
    expect(refused.json()).toMatchObject({ code: 'PRICE_BELOW_COST', field: 'credits' });
    expect(rowOf((await margins()).data, 'kling-2.6', '5s')?.credits).toBe(12);

    const lowered = await patch('kling-2.6', { credits: 7 });
    expect(lowered.statusCode).toBe(200);
    expect(rowOf((await margins()).data, 'kling-2.6', '10s-sound')).toMatchObject({
      credits: 21,
      belowCost: false,
    });

    const accepted = await patch('kling-2.6', { credits: 6, acceptBelowCost: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ model: { id: 'kling-2.6', credits: 6 } });
    const flagged = (await margins()).data
      .filter((row) => row.belowCost)
      .map((row) => `${row.model} ${row.variant}`);
    expect(flagged).toEqual(['standard all', 'kling-2.6 10s', 'kling-2.6 5s-sound', 'kling-2.6 10s-sound']);
    const { rows } = await runtime.services.pool.query(
      `select details from admin_audit_log where action = 'model.updated' order by at desc limit 1`,
    );
    expect(rows[0]?.details).toMatchObject({
      model: 'kling-2.6',
      acceptedBelowCost: ['10s', '5s-sound', '10s-sound'],
    });

    // What a call pays follows: 10 s with sound now sells for 20 credits.
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const call = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/video',
      payload: { model: 'kling-2.6', prompt: 'x', duration: 10, sound: true },
      headers: { 'x-api-key': account.key },
    });
    expect(call.headers['x-credits-charged']).toBe('20');
    expect((await patch('kling-2.6', { credits: null })).statusCode).toBe(200);
  });

  it('health turns green once the operator prices Veo 3.1 Quality above cost, or turns it off', async () => {
    expect((await patch('standard', { credits: 24 })).statusCode).toBe(200);
    expect(await pricesCheck()).toMatchObject({ status: 'ok', value: 0 });
    expect((await margins()).data.some((row) => row.belowCost)).toBe(false);
    // Back to the specification's price: the operator must say so, and health is amber again.
    expect((await patch('standard', { credits: null })).statusCode).toBe(409);
    expect((await patch('standard', { credits: null, acceptBelowCost: true })).statusCode).toBe(200);
    expect(await pricesCheck()).toMatchObject({ status: 'warn' });
    expect((await patch('standard', { enabled: false })).statusCode).toBe(200);
    expect(rowOf((await margins()).data, 'standard', 'all')).toBeUndefined();
    expect(await pricesCheck()).toMatchObject({ status: 'ok' });
    expect((await patch('standard', { enabled: true })).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const user = await signedInAccount(runtime, 'user');
    expect((await user.call('GET', '/api/admin/margins')).statusCode).toBe(403);
  });
});
