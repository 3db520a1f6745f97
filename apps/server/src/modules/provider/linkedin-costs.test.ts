import { CHEAPEST_CREDIT_MICRO_USD } from '@conduit/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApify, POSTS_ACTOR, PROFILE_ACTOR, startFakeApify } from '../../../test/fake-apify.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieWithApifyEnv } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { getReconciliation } from '../admin/reconciliation.ts';

// $5 and $10 per 1,000 results (the defaults): 5,000 and 10,000 micros a result.
const POST_MICROS = 5_000;
const PROFILE_MICROS = 10_000;
const ADMIN = 'ops@example.com';

let apify: FakeApify;
let kie: FakeKie;
const holder = {} as { runtime: TestRuntime; inbox: SmtpInbox };
// The runtime on the kie engine (channels and failover) against the fakes, mail to an inbox.
beforeAll(async () => {
  apify = await startFakeApify();
  kie = await startFakeKie();
  // Plenty of credits: the balance watch that starts with the runtime raises no alert of its own.
  kie.balance = 100_000;
  holder.inbox = await startSmtpInbox();
  holder.runtime = await createTestRuntime({
    ...kieWithApifyEnv(kie, apify),
    ADMIN_EMAILS: ADMIN,
    SMTP_URL: holder.inbox.url,
  });
});
afterAll(async () => {
  await holder.runtime?.close();
  await holder.inbox?.close();
  await apify?.close();
  await kie?.close();
});

const taskRow = async (taskId: string) => {
  const { rows } = await holder.runtime.services.pool.query(
    'select status, channel, upstream_cost_micros, credits_refunded from tasks where id = $1',
    [taskId],
  );
  return rows[0];
};
const call = (key: string, payload: object) =>
  holder.runtime.app.inject({
    method: 'POST',
    url: '/api/provider/linkedin',
    payload,
    headers: { 'x-api-key': key },
  });

beforeEach(() => {
  apify.payPerEvent = {};
  apify.slowMs = 2_000;
  apify.missingActors.clear();
});

describe('what a LinkedIn call records of its upstream cost', () => {
  it('a served call records the Apify channel and both runs by their results', async () => {
    const account = await createPaidAccount(holder.runtime.services);
    const response = await call(account.key, { username: 'ada', limit: 4, total_posts: 10_000 });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.profile).toMatchObject({
      location: 'London, England, United Kingdom',
      email: 'ada@example.com',
    });
    expect(await taskRow(data.taskId)).toEqual({
      status: 'completed',
      channel: 'apify:linkedin',
      upstream_cost_micros: 4 * POST_MICROS + PROFILE_MICROS,
      credits_refunded: 0,
    });
  });

  it("a pay-per-event actor asked for 100 posts: the runs stop at the call's charge cap, their events recorded", async () => {
    // An actor dearer per post than the catalogue's cost (its owner raised the price): the posts
    // run's share of the cap, not `maxItems`, is what stops it.
    apify.payPerEvent = { [POSTS_ACTOR]: { start: 0.005, result: 0.01 } };
    const account = await createPaidAccount(holder.runtime.services);
    const response = await call(account.key, { username: 'ppe-route', limit: 100, total_posts: 100 });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const { rows } = await holder.runtime.services.pool.query('select cost from tasks where id = $1', [
      data.taskId,
    ]);
    const runs = apify.runs.filter((run) => JSON.stringify(run.input).includes('ppe-route'));
    const caps = runs.map((run) => Math.round(Number(run.query.maxTotalChargeUsd) * 1e6));
    expect(caps.reduce((a, b) => a + b, 0)).toBe(rows[0].cost * CHEAPEST_CREDIT_MICRO_USD);
    const billed = Math.round(runs.reduce((sum, run) => sum + run.usd, 0) * 1e6);
    expect(await taskRow(data.taskId)).toMatchObject({ status: 'completed', upstream_cost_micros: billed });
    expect(billed).toBeLessThanOrEqual(rows[0].cost * CHEAPEST_CREDIT_MICRO_USD);
    expect(data.posts.length).toBeLessThan(100);
  });

  it('Apify answering 500 at the run start: refunded once, recorded as possibly billed up to the caps', async () => {
    const account = await createPaidAccount(holder.runtime.services);
    const response = await call(account.key, { username: 'broken-route', limit: 2 });
    expect(response.statusCode).toBe(502);
    const { taskId } = response.json();
    expect(await taskRow(taskId)).toMatchObject({
      status: 'failed',
      credits_refunded: 2,
      upstream_cost_micros: 2 * CHEAPEST_CREDIT_MICRO_USD,
    });
    expect(await ledgerCheck(holder.runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it("the connection dropped after Apify started the runs: refunded once, the runs' caps recorded as possibly billed, nothing re-sent", async () => {
    const account = await createPaidAccount(holder.runtime.services);
    const response = await call(account.key, { username: 'dropped-route', limit: 2 });
    expect(response.statusCode).toBe(502);
    const { taskId } = response.json();
    // Both runs were created and go on (the fake bills them); our side never saw their ids.
    const runs = apify.runs.filter((run) => JSON.stringify(run.input).includes('dropped-route'));
    expect(runs.map((run) => run.actor).sort()).toEqual([POSTS_ACTOR, PROFILE_ACTOR].sort());
    const caps = runs.map((run) => Math.round(Number(run.query.maxTotalChargeUsd) * 1e6));
    expect(caps.reduce((a, b) => a + b, 0)).toBe(2 * CHEAPEST_CREDIT_MICRO_USD);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'failed',
      credits_refunded: 2,
      upstream_cost_micros: 2 * CHEAPEST_CREDIT_MICRO_USD,
    });
    // What Apify bills the runs stays within what was recorded for the reconciliation.
    await vi.waitFor(() => expect(runs.every((run) => run.status !== 'RUNNING')).toBe(true));
    const billed = Math.round(runs.reduce((sum, run) => sum + run.usd, 0) * 1e6);
    expect(billed).toBeGreaterThan(0);
    expect(billed).toBeLessThanOrEqual(2 * CHEAPEST_CREDIT_MICRO_USD);
    const { refundedButBilled } = await getReconciliation(holder.runtime.services, 1);
    expect(refundedButBilled).toContainEqual(
      expect.objectContaining({
        taskId,
        creditsRefunded: 2,
        upstreamCostMicros: 2 * CHEAPEST_CREDIT_MICRO_USD,
      }),
    );
    // Charged 2 and refunded 2, once each: the balance is the grant.
    const { rows: entries } = await holder.runtime.services.pool.query(
      `select reason, delta from credit_entries where workspace_id = $1 and reason <> 'adjustment' order by created_at, id`,
      [account.workspaceId],
    );
    expect(entries).toEqual([
      { reason: 'usage', delta: -2 },
      { reason: 'refund', delta: 2 },
    ]);
    expect(await ledgerCheck(holder.runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('a missing posts actor is no "Profile not found": refunded, the admins mailed once, the circuit opened', async () => {
    apify.missingActors.add(POSTS_ACTOR);
    const account = await createPaidAccount(holder.runtime.services);
    const responses = await Promise.all([1, 2, 3].map(() => call(account.key, { username: 'ada' })));
    for (const response of responses) {
      expect(response.statusCode).toBe(502);
      expect(response.body).not.toContain('Profile not found');
      expect(response.body).not.toContain(apify.url);
    }
    const { pool } = holder.runtime.services;
    const { rows: alerts } = await pool.query(`select is_raised, reason from upstream_alerts where id = $1`, [
      `apify:actor:${POSTS_ACTOR}`,
    ]);
    expect(alerts).toEqual([{ is_raised: true, reason: expect.stringContaining('fail and are refunded') }]);
    const mail = await holder.inbox.waitForMail(ADMIN);
    expect(mail.subject).toMatch(/^Upstream alert: Apify actor /);
    expect(mail.text).toContain(POSTS_ACTOR);
    const { rows: jobs } = await pool.query(
      `select count(*)::int as n from pgboss.job where name = 'upstream-alert-mail'`,
    );
    expect(jobs[0].n).toBe(1);
    const { rows: channel } = await pool.query(
      `select opened_at from upstream_channels where id = 'apify:linkedin'`,
    );
    expect(channel[0].opened_at).not.toBeNull();
    // While the circuit is open, calls fail fast without another run upstream.
    const runsBefore = apify.runs.length;
    const fast = await call(account.key, { username: 'ada', page_number: 2 });
    expect(fast.statusCode).toBe(502);
    expect(apify.runs.length).toBe(runsBefore);
    expect(await ledgerCheck(holder.runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});
