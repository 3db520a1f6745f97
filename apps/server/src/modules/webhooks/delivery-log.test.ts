import { appPath, type EventItem, WEBHOOK_RETRY_SCHEDULE_S, WEBHOOK_TEXTS } from '@conduit/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import type { SmtpInbox } from '../../../test/smtp-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import {
  type ReceivedCall,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { systemClock } from '../../platform/services.ts';

let runtime: TestRuntime;
let receiver: WebhookReceiver;
let inbox: SmtpInbox;

const started = withRuntimeAndInbox({}, undefined, { engine: createScriptedEngine() });
beforeAll(async () => {
  ({ runtime, inbox } = started);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  runtime.services.clock = systemClock;
  await receiver.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const withKey = (account: PaidAccount, method: Method, url: string, payload?: object) =>
  runtime.app.inject({ method, url, headers: { 'x-api-key': account.key }, payload });

async function accountWithEndpoint(path: string, eventTypes?: string[]) {
  const account = await createPaidAccount(runtime.services, { credits: 50 });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const saved = await runtime.app.inject({
    method: 'PUT',
    url: appPath('setWebhookEndpoint'),
    headers: { cookie },
    payload: { webhookUrl: `${receiver.url}${path}`, ...(eventTypes && { eventTypes }) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const secret = (await withKey(account, 'GET', appPath('webhookSecret'))).json().secret as string;
  return { ...account, cookie, secret };
}

const callsTo = (path: string) => receiver.calls.filter((call) => call.path === path);
/** The event a receiver got, as the events API lists it: the webhook-id and the body. */
const asListed = (call: ReceivedCall) => ({ id: call.headers['webhook-id'], ...JSON.parse(call.body) });
const eventsOf = async (account: PaidAccount, query = '') => {
  const answer = await withKey(account, 'GET', `/api/provider/events${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as EventItem[];
};

describe('the delivery log', () => {
  it('records a 500 then a 204 as two attempts, and a resend as a third the reference library verifies', async () => {
    const account = await accountWithEndpoint('/account-events');
    receiver.script('/callback', [500]);
    const created = await withKey(account, 'POST', '/api/provider/video', {
      prompt: 'notify me',
      callBackUrl: `${receiver.url}/callback`,
      webhookEvents: ['completed', 'failed'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const taskId = created.json().data.taskId as string;

    const deliveries = async () =>
      (await withKey(account, 'GET', `${appPath('webhookDeliveries')}?eventType=task.completed`)).json()
        .deliveries;
    await expect
      .poll(async () => (await deliveries())[0]?.status, { timeout: 30_000, interval: 250 })
      .toBe('succeeded');
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ target: 'callback', attempts: 2, lastResponseStatus: 204 });
    const detail = (await withKey(account, 'GET', appPath('webhookDelivery', { id: delivery.id }))).json();
    const [first, second] = detail.attemptLog;
    expect(first).toMatchObject({ attempt: 1, responseStatus: 500, responseBody: 'refused with 500' });
    expect(Date.parse(first.nextRetryAt) - Date.parse(first.at)).toBe(WEBHOOK_RETRY_SCHEDULE_S[0] * 1000);
    expect(second).toMatchObject({ attempt: 2, responseStatus: 204, nextRetryAt: null, error: null });
    for (const attempt of detail.attemptLog) expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
    expect(second.requestHeaders['webhook-id']).toBe(delivery.eventId);
    expect(JSON.parse(detail.requestBody).data.taskId).toBe(taskId);

    const resent = await withKey(account, 'POST', appPath('resendWebhookDelivery', { id: delivery.id }));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(WEBHOOK_TEXTS.resent(204));
    expect(resent.json().delivery.attemptLog.at(-1)).toMatchObject({ attempt: 3, isManual: true });
    const calls = callsTo('/callback');
    expect(calls).toHaveLength(3);
    const last = calls.at(-1) as ReceivedCall;
    const verified = new Webhook(account.secret).verify(last.body, last.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'task.completed', data: { taskId, status: 'completed' } });

    // The filter left task.started out of the callback; the events API has both, byte for byte.
    expect(calls.every((call) => JSON.parse(call.body).type === 'task.completed')).toBe(true);
    const events = await eventsOf(account);
    expect(events.map((event) => event.type)).toEqual(['task.completed', 'task.started']);
    expect(events[0]).toEqual({ ...asListed(last), isTest: false });
    expect(await eventsOf(account, '?type=task.started')).toEqual([events[1]]);
    expect(await eventsOf(account, `?after=${events[1]?.id}`)).toEqual([events[0]]);
    // The workspace endpoint takes account events by default: none of these reached it.
    expect(callsTo('/account-events')).toHaveLength(0);
  }, 60_000);

  it('sends test events of any type to the endpoint, and refuses unknown types and filters with a 400', async () => {
    const account = await accountWithEndpoint('/tests', ['balance.low']);
    const sent = await withKey(account, 'POST', appPath('sendWebhookTest'), { type: 'task.completed' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      type: 'task.completed',
      delivery: { status: 'succeeded', attempts: 1, target: 'endpoint' },
      message: WEBHOOK_TEXTS.testDelivered(204),
    });
    const [call] = callsTo('/tests');
    expect(
      new Webhook(account.secret).verify(call?.body ?? '', call?.headers as Record<string, string>),
    ).toMatchObject({
      type: 'task.completed',
    });
    expect(await eventsOf(account)).toEqual([{ ...asListed(call as ReceivedCall), isTest: true }]);

    const unknown = await withKey(account, 'POST', appPath('sendWebhookTest'), { type: 'task.exploded' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('type');
    const balance = async () => (await withKey(account, 'GET', '/api/provider/me')).json().data.balance;
    const before = await balance();
    const badFilter = await withKey(account, 'POST', '/api/provider/video', {
      prompt: 'x',
      callBackUrl: `${receiver.url}/tests`,
      webhookEvents: ['finished'],
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().field).toMatch(/^webhookEvents/);
    expect(await balance()).toBe(before);
    // Another workspace's delivery is not found.
    const other = await createPaidAccount(runtime.services);
    const foreign = await withKey(
      other,
      'POST',
      appPath('resendWebhookDelivery', { id: sent.json().delivery.id }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('switches off an endpoint that failed for 3 days, and mails the workspace', async () => {
    const start = Date.now();
    runtime.services.clock = { now: () => new Date(start) };
    const account = await accountWithEndpoint('/down');
    receiver.script('/down', Array(20).fill(500));
    const first = (await withKey(account, 'POST', appPath('sendWebhookTest'), {})).json();
    expect(first.delivery).toMatchObject({ status: 'pending', lastResponseStatus: 500 });
    runtime.services.clock = { now: () => new Date(start + 2 * 86_400_000) };
    await withKey(account, 'POST', appPath('resendWebhookDelivery', { id: first.delivery.id }));
    expect((await withKey(account, 'GET', appPath('balanceAlerts'))).statusCode).toBe(401);
    const alerts = async () =>
      (
        await runtime.app.inject({
          method: 'GET',
          url: appPath('balanceAlerts'),
          headers: { cookie: account.cookie },
        })
      ).json();
    expect((await alerts()).webhookDisabledAt).toBeNull();

    runtime.services.clock = { now: () => new Date(start + 3 * 86_400_000 + 60_000) };
    await withKey(account, 'POST', appPath('resendWebhookDelivery', { id: first.delivery.id }));
    expect((await alerts()).webhookDisabledAt).toBe(new Date(start + 3 * 86_400_000 + 60_000).toISOString());
    const mail = await inbox.waitForMail(account.email, { subject: WEBHOOK_TEXTS.disabledMailSubject });
    expect(mail.text).toContain(`${receiver.url}/down`);
    // Switched off: a new event makes no delivery to it; saving the endpoint switches it on again.
    const next = (await withKey(account, 'POST', appPath('sendWebhookTest'), {})).json();
    expect(next).toMatchObject({ delivery: null, message: WEBHOOK_TEXTS.testSent('webhook.test') });
    runtime.services.clock = systemClock;
  });
});
