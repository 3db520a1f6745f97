import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { deliverStripeEvent } from '../../../test/fake-stripe.ts';
import { createTestRuntime, type TestRuntime, useTestRuntime } from '../../../test/test-runtime.ts';
import { UPSTREAM_LOW_BALANCE } from './get-health.ts';
import { LEDGER_AUDIT_QUEUE, runLedgerCheck } from './ledger-audit.ts';

describe('health with the kie engine and Stripe webhooks configured', () => {
  let fake: FakeKie;
  let runtime: TestRuntime;
  let admin: SignedInAccount;

  beforeAll(async () => {
    fake = await startFakeKie();
    runtime = await createTestRuntime({
      ROLE: 'api',
      PROVIDER_ENGINE: 'kie',
      KIE_API_KEY: fake.apiKey,
      KIE_BASE_URL: fake.url,
      STRIPE_SECRET_KEY: 'sk_test_admin_health',
      STRIPE_WEBHOOK_SECRET: 'whsec_admin_health',
    });
    admin = await signedInAccount(runtime, 'admin');
    // Veo 3.1 Quality sells under its kie cost at the specification's price (the prices check is
    // amber then): priced above it here, so the other checks decide the status.
    await runtime.services.pool.query(
      `insert into model_settings (model_id, credits) values ('standard', 24)`,
    );
    // API-only processes do not run the ledger audit: run it here once.
    await runLedgerCheck(runtime.services);
  });
  afterAll(async () => {
    await runtime.close();
    await fake.close();
  });

  const health = async () => {
    const response = await admin.call('GET', '/api/admin/system/health');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return { ...body, check: (name: string) => body.checks.find((c: { name: string }) => c.name === name) };
  };

  it('reports the upstream balance from the kie credit endpoint, warns when low, fails when unreachable', async () => {
    fake.balance = 12_345;
    const plenty = await health();
    expect(plenty.check('upstream_balance')).toEqual({
      name: 'upstream_balance',
      status: 'ok',
      detail: '12345 kie.ai credits left',
      value: 12_345,
    });
    expect(plenty.health.status).toBe('healthy');
    expect(
      fake.requests.some((r) => r.endpoint === 'credit' && r.authorization === `Bearer ${fake.apiKey}`),
    ).toBe(true);

    fake.balance = UPSTREAM_LOW_BALANCE - 1;
    const low = await health();
    expect(low.check('upstream_balance')).toMatchObject({ status: 'warn', value: UPSTREAM_LOW_BALANCE - 1 });
    expect(low.health.status).toBe('degraded');

    fake.balance = 12_345;
    fake.failNext('credit', { status: 401, code: 401, msg: 'You do not have access permissions' });
    const down = await health();
    expect(down.check('upstream_balance')).toMatchObject({ status: 'fail', value: null });
    expect(down.health.status).toBe('unhealthy');
  });

  it('counts Stripe webhook deliveries this process refused in the last 24 hours', async () => {
    const before = (await health()).check('payment_webhooks');
    expect(before).toMatchObject({ status: 'ok', value: 0 });
    const forged = await deliverStripeEvent(runtime, { payload: '{"id":"evt_forged"}', header: 't=1,v1=00' });
    expect(forged.statusCode).toBe(400);
    const after = (await health()).check('payment_webhooks');
    expect(after).toEqual({
      name: 'payment_webhooks',
      status: 'warn',
      detail: '1 of 1 Stripe event refused or failed in the last 24 hours (this process)',
      value: 1,
    });
  });
});

describe('the ledger audit on a worker process', () => {
  const runtime = useTestRuntime({ ROLE: 'all' });

  it('runs once at start and is scheduled every 5 minutes', async () => {
    let checks: { accounts: number; mismatched: number }[] = [];
    for (let i = 0; i < 200 && checks.length === 0; i += 1) {
      checks = (await runtime.services.pool.query('select accounts, mismatched from ledger_checks')).rows;
      if (checks.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(checks).toEqual([{ accounts: 0, mismatched: 0 }]);
    const { rows } = await runtime.services.pool.query('select cron from pgboss.schedule where name = $1', [
      LEDGER_AUDIT_QUEUE,
    ]);
    expect(rows).toEqual([{ cron: '*/5 * * * *' }]);
  });
});
