import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { type FakeApify, PROFILE_ACTOR, startFakeApify } from '../../../test/fake-apify.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieWithApifyEnv } from '../../../test/kie-engines.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { runUpstreamWatch } from './balance-watch.ts';

const ADMIN = 'ops@example.com';

describe('the upstream balance watch', () => {
  let apify: FakeApify;
  let kie: FakeKie;
  let inbox: SmtpInbox;
  let runtime: TestRuntime;
  let admin: SignedInAccount;

  beforeAll(async () => {
    apify = await startFakeApify();
    kie = await startFakeKie();
    kie.balance = 5_000;
    inbox = await startSmtpInbox();
    runtime = await createTestRuntime({
      ...kieWithApifyEnv(kie, apify),
      ADMIN_EMAILS: ADMIN,
      SMTP_URL: inbox.url,
      KIE_LOW_BALANCE_CREDITS: '1000',
      APIFY_LOW_BALANCE_USD: '20',
    });
    admin = await signedInAccount(runtime, 'admin');
  });
  afterAll(async () => {
    await runtime.close();
    await inbox.close();
    await apify.close();
    await kie.close();
  });

  const upstreamCheck = async () => {
    const response = await admin.call('GET', '/api/admin/system/health');
    expect(response.statusCode).toBe(200);
    return response.json().checks.find((check: { name: string }) => check.name === 'upstream_balance');
  };
  const mailJobs = async (alertId: string) => {
    const { rows } = await runtime.services.pool.query(
      `select data->>'to' as "to" from pgboss.job where name = 'upstream-alert-mail' and data->>'alertId' = $1
        order by data->>'to'`,
      [alertId],
    );
    return rows;
  };
  /** The raises of an alert: each mails every admin once. */
  const raises = async (alertId: string) =>
    (await mailJobs(alertId)).filter((job) => job.to === ADMIN).length;
  const watch = () => runUpstreamWatch(runtime.services);

  it('reads kie credits and Apify usage: above the thresholds nothing is raised', async () => {
    const readings = await watch();
    expect(readings.map((r) => [r.id, r.isProblem, r.value ?? null])).toEqual([
      ['kie:balance', false, 5_000],
      ['apify:balance', false, 100],
      ['apify:actor:apimaestro~linkedin-profile-posts', false, null],
      [`apify:actor:${PROFILE_ACTOR}`, false, null],
    ]);
    expect(await upstreamCheck()).toEqual({
      name: 'upstream_balance',
      status: 'ok',
      detail: '5000 kie.ai credits left',
      value: 5_000,
    });
  });

  it('below a threshold the admins get one mail per crossing, and the health check turns amber', async () => {
    apify.account.monthlyUsageUsd = 85.5;
    // Several processes reading at once still mail once.
    await Promise.all([watch(), watch(), watch()]);
    // Every admin account and every ADMIN_EMAILS address, one mail each.
    expect(await mailJobs('apify:balance')).toEqual(
      [{ to: admin.email }, { to: ADMIN }].sort((a, b) => a.to.localeCompare(b.to)),
    );
    const mail = await inbox.waitForMail(ADMIN);
    expect(mail.subject).toBe(
      'Upstream alert: Apify has $14.5 left of its monthly usage limit, below $20: raise the limit',
    );
    expect(await upstreamCheck()).toMatchObject({
      status: 'warn',
      detail:
        '5000 kie.ai credits left; Apify has $14.5 left of its monthly usage limit, below $20: raise the limit',
    });

    await watch();
    expect(await raises('apify:balance')).toBe(1);

    // Back above: lowered and green; below again: a new crossing, a new mail.
    apify.account.monthlyUsageUsd = 10;
    await watch();
    expect(await upstreamCheck()).toMatchObject({ status: 'ok' });
    apify.account.monthlyUsageUsd = 95;
    await watch();
    expect(await raises('apify:balance')).toBe(2);
    apify.account.monthlyUsageUsd = 0;
    await watch();
  });

  it('kie below its threshold, an unreadable balance and a missing actor are raised too', async () => {
    kie.balance = 400;
    apify.missingActors.add(PROFILE_ACTOR);
    await watch();
    expect(await raises('kie:balance')).toBe(1);
    expect(await raises(`apify:actor:${PROFILE_ACTOR}`)).toBe(1);
    const check = await upstreamCheck();
    expect(check).toMatchObject({ status: 'warn', value: 400 });
    expect(check.detail).toContain('400 kie.ai credits left: top up soon');
    expect(check.detail).toContain(`Apify actor ${PROFILE_ACTOR} was not found`);

    kie.balance = 5_000;
    apify.missingActors.clear();
    kie.failNext('credit', { status: 401, code: 401, msg: 'You do not have access permissions' });
    const readings = await watch();
    expect(readings.find((r) => r.id === 'kie:balance')).toMatchObject({
      isProblem: true,
      reason: 'kie.ai balance could not be read: answered 401',
    });
    expect(await raises('kie:balance')).toBe(1);
    await watch();
    expect(await upstreamCheck()).toMatchObject({ status: 'ok', detail: '5000 kie.ai credits left' });
  });
});
