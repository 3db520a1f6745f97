import { createHmac } from 'node:crypto';
import { appPath, WEBHOOK_TEXTS, WebhookTestEvent } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount as signedInAccountOf } from '../../../test/accounts.ts';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTeamAs, useWorkspace } from '../../../test/team-members.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import {
  type ReceivedCall,
  signatureHeaders,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { systemClock } from '../../platform/services.ts';
import { verifyWebhook, webhookSecretFor } from './signing.ts';

let runtime: TestRuntime;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  runtime = await createTestRuntime(
    { BALANCE_ALERTS_INTERVAL_S: '3600' },
    { engine: createScriptedEngine() },
  );
});
afterAll(async () => {
  runtime.services.clock = systemClock;
  await runtime.close();
  await receiver.close();
});

const HOUR_MS = 3_600_000;

async function signedInAccount(path: string) {
  const account = await createPaidAccount(runtime.services, { credits: 50 });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    runtime.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  expect(
    (await call('PUT', appPath('setWebhookEndpoint'), { webhookUrl: `${receiver.url}${path}` })).statusCode,
  ).toBe(200);
  return { ...account, cookie, call };
}

/** Whether the secret verifies the call, at the moment the call says it was sent. */
const verifies = (secret: string, call: ReceivedCall) =>
  verifyWebhook(secret, signatureHeaders(call), call.body, {
    nowS: Number(call.headers['webhook-timestamp']),
  });

describe('webhook secret rotation', () => {
  it('keeps generation 0 byte-identical to the secret from before rotation existed', async () => {
    const account = await signedInAccount('/v0');
    const before = `whsec_${createHmac('sha256', runtime.services.sessionSecret)
      .update(`webhook-signing:${account.workspaceId}`)
      .digest('base64')}`;
    expect(webhookSecretFor(runtime.services.sessionSecret, account.workspaceId)).toBe(before);
    expect((await account.call('GET', appPath('webhookSecret'))).json()).toEqual({
      secret: before,
      rotatedAt: null,
      previousValidUntil: null,
    });
    expect((await account.call('GET', appPath('keys'))).json().webhookSecret).toBe(before);

    const tested = await account.call('POST', appPath('testWebhookEndpoint'));
    expect(tested.json()).toEqual({
      isDelivered: true,
      status: 204,
      message: WEBHOOK_TEXTS.testDelivered(204),
    });
    const [call] = receiver.calls.filter((received) => received.path === '/v0');
    if (!call) throw new Error('no test event');
    expect(String(call.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(before, call)).toBe(true);
    expect(WebhookTestEvent.parse(JSON.parse(call.body)).data).toEqual({
      workspaceId: account.workspaceId,
      message: WEBHOOK_TEXTS.testMessage,
    });
  });

  it('signs with the new and the old secret for 24 hours after a rotation, then with the new only', async () => {
    const start = Date.now();
    runtime.services.clock = { now: () => new Date(start) };
    const account = await signedInAccount('/rotation');
    const old = (await account.call('GET', appPath('webhookSecret'))).json().secret as string;
    const rotated = await account.call('POST', appPath('rotateWebhookSecret'));
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json();
    expect(fresh).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      rotatedAt: new Date(start).toISOString(),
      previousValidUntil: new Date(start + 24 * HOUR_MS).toISOString(),
      message: WEBHOOK_TEXTS.rotated,
    });
    expect(fresh.secret).not.toBe(old);
    expect((await account.call('GET', appPath('keys'))).json().webhookSecret).toBe(fresh.secret);

    const calls = () => receiver.calls.filter((received) => received.path === '/rotation');
    const testEvent = async () => {
      expect((await account.call('POST', appPath('testWebhookEndpoint'))).json().isDelivered).toBe(true);
      return calls().at(-1) as ReceivedCall;
    };
    // 23 hours on: two signatures in one header, each secret verifies the call.
    runtime.services.clock = { now: () => new Date(start + 23 * HOUR_MS) };
    const during = await testEvent();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(fresh.secret, during)).toBe(true);
    expect(verifies(old, during)).toBe(true);

    // A task callback during the window carries both too.
    const video = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      prompt: 'notify me',
      callBackUrl: `${receiver.url}/task`,
    });
    expect(video.statusCode, video.body).toBe(200);
    await expect
      .poll(() => receiver.calls.filter((received) => received.path === '/task').length, {
        timeout: 30_000,
      })
      .toBe(1);
    const callback = receiver.calls.find((received) => received.path === '/task') as ReceivedCall;
    expect(verifies(fresh.secret, callback)).toBe(true);
    expect(verifies(old, callback)).toBe(true);

    // 25 hours on: the new secret only.
    runtime.services.clock = { now: () => new Date(start + 25 * HOUR_MS) };
    const after = await testEvent();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(fresh.secret, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);
    expect((await account.call('GET', appPath('webhookSecret'))).json().previousValidUntil).toBeNull();

    // Two rotations inside one window: the previous is the generation just replaced.
    const second = (await account.call('POST', appPath('rotateWebhookSecret'))).json().secret as string;
    const third = (await account.call('POST', appPath('rotateWebhookSecret'))).json().secret as string;
    const latest = await testEvent();
    expect(verifies(third, latest)).toBe(true);
    expect(verifies(second, latest)).toBe(true);
    expect(verifies(fresh.secret, latest)).toBe(false);
    expect(verifies(old, latest)).toBe(false);
    runtime.services.clock = systemClock;
  }, 60_000);

  it('reports what a refusing or unreachable endpoint did with the test event', async () => {
    const account = await signedInAccount('/refusing');
    receiver.answerWith(500);
    try {
      expect((await account.call('POST', appPath('testWebhookEndpoint'))).json()).toEqual({
        isDelivered: false,
        status: 500,
        message: WEBHOOK_TEXTS.testRefused(500),
      });
    } finally {
      receiver.answerWith(204);
    }
    await account.call('PUT', appPath('setWebhookEndpoint'), { webhookUrl: 'http://127.0.0.1:9/closed' });
    const unreachable = (await account.call('POST', appPath('testWebhookEndpoint'))).json();
    expect(unreachable).toMatchObject({ isDelivered: false, status: null });
    expect(unreachable.message).toMatch(/^Your endpoint could not be reached: /);
  });

  it("rotating needs useKeys: a team's billing member is refused, an owner's rotation is in the audit log", async () => {
    const owner = await signedInAccountOf(runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner, 'Rotating team');
    await useWorkspace(owner, teamId);
    const billing = await signedInAccountOf(runtime, 'user', 'billing');
    await runtime.services.pool.query(
      `insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'billing')`,
      [teamId, billing.userId],
    );
    await useWorkspace(billing, teamId);
    expect((await billing.call('GET', appPath('webhookSecret'))).statusCode).toBe(403);
    expect((await billing.call('POST', appPath('rotateWebhookSecret'))).statusCode).toBe(403);
    expect((await owner.call('POST', appPath('rotateWebhookSecret'))).statusCode).toBe(200);
    const audit = (await owner.call('GET', appPath('teamAuditLog', { teamId }))).json();
    expect(audit.entries[0]).toMatchObject({
      actor: owner.email,
      action: 'webhook.secret_rotated',
      details: { version: 1 },
    });
  });
});
