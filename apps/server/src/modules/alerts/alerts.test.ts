import {
  ALERT_TEXTS,
  appPath,
  BalanceLowEvent,
  burnRateText,
  DEFAULT_ENDPOINT_EVENT_TYPES,
  TEAM_TEXTS,
} from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { addKey, createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import type { SmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import {
  signatureHeaders,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { grantCredits } from '../credits/ledger.ts';
import { verifyWebhook } from '../events/signing.ts';
import { scanBalanceAlerts } from './scan-alerts.ts';

let runtime: TestRuntime;
let inbox: SmtpInbox;
let receiver: WebhookReceiver;

// The tests scan themselves: the background scan waits an hour.
const started = withRuntimeAndInbox({ BALANCE_ALERTS_INTERVAL_S: '3600' }, undefined, {
  engine: createScriptedEngine(),
});
beforeAll(async () => {
  ({ runtime, inbox } = started);
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  runtime.app.inject({ method, url, headers: { cookie }, payload: payload as object });

const mailsTo = (email: string) =>
  inbox.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
const eventsAt = (path: string) => receiver.calls.filter((call) => call.path === path);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

async function topUp(workspaceId: string, credits: number, reference: string) {
  await runtime.services.db.transaction((tx) =>
    grantCredits(tx, { workspaceId, delta: credits, reason: 'adjustment', reference }),
  );
}

/** A personal account with `credits`, an alert at `threshold` and the receiver as its endpoint. */
async function accountWithAlert(credits: number, threshold: number, path: string) {
  const account = await createPaidAccount(runtime.services, { credits, label: 'alerts' });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const endpoint = await api(cookie, 'PUT', appPath('setWebhookEndpoint'), {
    webhookUrl: `${receiver.url}${path}`,
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  const added = await api(cookie, 'POST', appPath('addBalanceAlert'), { threshold });
  expect(added.statusCode, added.body).toBe(201);
  expect(added.json().alert).toMatchObject({ threshold, isArmed: credits >= threshold, lastFiredAt: null });
  return { ...account, cookie };
}

describe('low-balance alerts', () => {
  it('a crossing sends one mail and one signed balance.low event; nothing more while below; again after a top-up and a new crossing', async () => {
    const account = await accountWithAlert(20, 20, '/crossing');
    const secret = (await api(account.cookie, 'GET', appPath('webhookSecret'))).json().secret as string;

    // Balance 20 is not below 20: nothing fires.
    expect(await scanBalanceAlerts(runtime.services)).toBe(0);
    const image = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      prompt: 'a lighthouse',
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(await scanBalanceAlerts(runtime.services)).toBe(1);

    const mail = await inbox.waitForMail(account.email, { subject: ALERT_TEXTS.mailSubject(20) });
    expect(mail.text).toContain('Your account has 19 credits left, below the alert you set at 20 credits.');
    expect(mail.text).toContain(
      "At your last 7 days' rate, about 133 days left (1 credit spent in the last 7 days).",
    );
    expect(mail.text).toContain('/app/credits');

    await expect.poll(() => eventsAt('/crossing').length, { timeout: 10_000 }).toBe(1);
    const [event] = eventsAt('/crossing');
    if (!event) throw new Error('no event');
    expect(verifyWebhook(secret, signatureHeaders(event), event.body)).toBe(true);
    const body = BalanceLowEvent.parse(JSON.parse(event.body));
    expect(body.data).toEqual({
      workspaceId: account.workspaceId,
      balance: 19,
      threshold: 20,
      creditsSpentLast7Days: 1,
      creditsPerDay: 0.14,
      daysLeft: 133,
    });

    // Still below: further calls and scans send nothing.
    await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt: 'another' });
    expect(await scanBalanceAlerts(runtime.services)).toBe(0);
    await settle();
    expect(mailsTo(account.email)).toHaveLength(1);
    expect(eventsAt('/crossing')).toHaveLength(1);
    const listed = (await api(account.cookie, 'GET', appPath('balanceAlerts'))).json();
    expect(listed.alerts).toEqual([
      { id: expect.any(String), threshold: 20, isArmed: false, lastFiredAt: expect.any(String) },
    ]);
    expect(listed.balance).toBe(18);
    expect(listed.burnRate).toEqual({ creditsSpentLast7Days: 2, creditsPerDay: 0.29, daysLeft: 63 });

    // A top-up back to the threshold re-arms it without sending; the next fall sends again.
    await topUp(account.workspaceId, 2, `topup:${account.workspaceId}`);
    expect(await scanBalanceAlerts(runtime.services)).toBe(0);
    expect((await api(account.cookie, 'GET', appPath('balanceAlerts'))).json().alerts[0].isArmed).toBe(true);
    await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt: 'third' });
    expect(await scanBalanceAlerts(runtime.services)).toBe(1);
    await expect.poll(() => mailsTo(account.email).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => eventsAt('/crossing').length, { timeout: 10_000 }).toBe(2);
  });

  it('ten scans at once send exactly one mail and one event', async () => {
    const account = await accountWithAlert(5, 10, '/concurrent');
    // Added above the balance: it starts disarmed and waits for a real fall. Re-arm it by hand.
    expect((await api(account.cookie, 'GET', appPath('balanceAlerts'))).json().alerts[0].isArmed).toBe(false);
    await runtime.services.pool.query('update balance_alerts set is_armed = true where workspace_id = $1', [
      account.workspaceId,
    ]);
    const fired = await Promise.all(Array.from({ length: 10 }, () => scanBalanceAlerts(runtime.services)));
    expect(fired.reduce((sum, count) => sum + count, 0)).toBe(1);
    await expect.poll(() => mailsTo(account.email).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => eventsAt('/concurrent').length, { timeout: 10_000 }).toBe(1);
    await settle();
    expect(mailsTo(account.email)).toHaveLength(1);
    expect(eventsAt('/concurrent')).toHaveLength(1);
    const mail = mailsTo(account.email)[0];
    expect(mail?.text).toContain(
      burnRateText({ creditsSpentLast7Days: 0, creditsPerDay: 0, daysLeft: null }),
    );
  });

  it('an alert added above the balance waits for the balance to recover and fall again', async () => {
    const account = await accountWithAlert(5, 10, '/late');
    expect(await scanBalanceAlerts(runtime.services)).toBe(0);
    await topUp(account.workspaceId, 10, `late:${account.workspaceId}`);
    expect(await scanBalanceAlerts(runtime.services)).toBe(0);
    const video = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt: 'a fall' });
    expect(video.statusCode, video.body).toBe(200);
    expect(await scanBalanceAlerts(runtime.services)).toBe(1);
    await expect.poll(() => mailsTo(account.email).length, { timeout: 10_000 }).toBe(1);
  });

  it('refuses bad thresholds with 400 and writes nothing; 5 at most; no duplicates', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const add = (body: unknown) => api(cookie, 'POST', appPath('addBalanceAlert'), body);
    for (const body of [
      { threshold: 0 },
      { threshold: -5 },
      { threshold: 1.5 },
      { threshold: '10' },
      { threshold: null },
      {},
      { threshold: 100_000_001 },
    ]) {
      const refused = await add(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'threshold' });
    }
    expect((await add({ threshold: 0 })).json().error).toBe(`threshold: ${ALERT_TEXTS.thresholdInvalid}`);
    expect((await add({ threshold: 100_000_001 })).json().error).toBe(
      `threshold: ${ALERT_TEXTS.thresholdTooLarge}`,
    );
    const count = async () =>
      (
        await runtime.services.pool.query(
          'select count(*)::int as n from balance_alerts where workspace_id = $1',
          [account.workspaceId],
        )
      ).rows[0].n;
    expect(await count()).toBe(0);

    expect((await add({ threshold: 50 })).statusCode).toBe(201);
    const duplicate = await add({ threshold: 50 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(ALERT_TEXTS.thresholdExists(50));
    // Four more at once: the workspace lock lets exactly four in, never a sixth.
    const answers = await Promise.all([10, 20, 30, 40, 60].map((threshold) => add({ threshold })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().error).toBe(ALERT_TEXTS.tooMany);
    expect(await count()).toBe(5);
    const listed = (await api(cookie, 'GET', appPath('balanceAlerts'))).json();
    expect(listed.alerts.map((alert: { threshold: number }) => alert.threshold)).toHaveLength(5);
    expect(listed.maxAlerts).toBe(5);

    const [first] = listed.alerts;
    expect((await api(cookie, 'DELETE', appPath('removeBalanceAlert', { id: first.id }))).statusCode).toBe(
      200,
    );
    expect((await api(cookie, 'DELETE', appPath('removeBalanceAlert', { id: first.id }))).statusCode).toBe(
      404,
    );
    // Another account's alert is not found from here.
    const other = await createPaidAccount(runtime.services);
    const otherCookie = await sessionCookieFor(runtime.services, other.userId);
    const [second] = listed.alerts.slice(1);
    expect(
      (await api(otherCookie, 'DELETE', appPath('removeBalanceAlert', { id: second.id }))).statusCode,
    ).toBe(404);
    expect(await count()).toBe(4);
  });

  it('refuses a webhook endpoint that is not an http(s) URL, and removes it with null', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const set = (webhookUrl: unknown) => api(cookie, 'PUT', appPath('setWebhookEndpoint'), { webhookUrl });
    for (const bad of ['ftp://example.com/hook', 'not a url', 'http://user:pass@example.com/']) {
      const refused = await set(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().field).toBe('webhookUrl');
    }
    expect((await set('x'.repeat(3000))).statusCode).toBe(400);
    expect((await api(cookie, 'GET', appPath('balanceAlerts'))).json().webhookUrl).toBeNull();
    expect((await set(`${receiver.url}/kept`)).json()).toEqual({
      webhookUrl: `${receiver.url}/kept`,
      eventTypes: [...DEFAULT_ENDPOINT_EVENT_TYPES],
      message: 'Webhook endpoint saved',
    });
    expect((await set(null)).json()).toEqual({
      webhookUrl: null,
      eventTypes: [...DEFAULT_ENDPOINT_EVENT_TYPES],
      message: 'Webhook endpoint removed',
    });
    // The endpoint's choice of events: kept until changed, unknown types refused.
    const chosen = await api(cookie, 'PUT', appPath('setWebhookEndpoint'), {
      webhookUrl: `${receiver.url}/kept`,
      eventTypes: ['task.completed', 'balance.low'],
    });
    expect(chosen.json().eventTypes).toEqual(['task.completed', 'balance.low']);
    expect((await set(`${receiver.url}/kept`)).json().eventTypes).toEqual(['task.completed', 'balance.low']);
    const unknown = await api(cookie, 'PUT', appPath('setWebhookEndpoint'), {
      webhookUrl: `${receiver.url}/kept`,
      eventTypes: ['task.exploded'],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await api(cookie, 'GET', appPath('balanceAlerts'))).json().webhookEventTypes).toEqual([
      'task.completed',
      'balance.low',
    ]);
    await set(null);
    const test = await api(cookie, 'POST', appPath('testWebhookEndpoint'));
    expect(test.statusCode).toBe(400);
    expect(test.json().error).toBe('Set a webhook endpoint first');
  });

  it("mails a team's owners and billing members; only buyCredits roles may change alerts", async () => {
    const owner = await signedInAccount(runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner, 'Alerting team');
    await useWorkspace(owner, teamId);
    const billing = await joinedMember(runtime, inbox, owner, teamId, 'billing');
    const developer = await joinedMember(runtime, inbox, owner, teamId, 'developer');
    await useWorkspace(billing, teamId);
    await useWorkspace(developer, teamId);
    await topUp(teamId, 12, `team:${teamId}`);
    const { key } = await addKey(runtime.services, { workspaceId: teamId, userId: owner.userId });

    const refused = await developer.call('POST', appPath('addBalanceAlert'), { threshold: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(TEAM_TEXTS.roleForbidden('developer'));
    expect(
      (await developer.call('PUT', appPath('setWebhookEndpoint'), { webhookUrl: null })).statusCode,
    ).toBe(403);
    // Developers see the alerts (viewSpend); billing members change them.
    expect((await developer.call('GET', appPath('balanceAlerts'))).statusCode).toBe(200);
    const added = await billing.call('POST', appPath('addBalanceAlert'), { threshold: 10 });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (await developer.call('DELETE', appPath('removeBalanceAlert', { id: added.json().alert.id })))
        .statusCode,
    ).toBe(403);

    const video = await postWithKey(runtime.app, key, '/api/provider/video', { prompt: 'team spend' });
    expect(video.statusCode, video.body).toBe(200);
    expect(await scanBalanceAlerts(runtime.services)).toBe(1);
    const subject = ALERT_TEXTS.mailSubject(10);
    const toOwner = await inbox.waitForMail(owner.email, { subject });
    expect(toOwner.text).toContain('The team "Alerting team" has 2 credits left');
    await inbox.waitForMail(billing.email, { subject });
    await settle();
    expect(
      inbox.messages.filter((mail) => mail.subject === subject && mailsTo(developer.email).includes(mail)),
    ).toEqual([]);

    const audit = (await owner.call('GET', appPath('teamAuditLog', { teamId }))).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toContain('alert.added');
  });
});
