import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { signWebhook, verifyWebhook } from '../events/signing.ts';

let runtime: TestRuntime;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let failuresBeforeSuccess = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (failuresBeforeSuccess > 0) {
        failuresBeforeSuccess -= 1;
        response.writeHead(500).end();
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  runtime = await createTestRuntime({}, { engine: createScriptedEngine() });
});
afterAll(async () => {
  await runtime.close();
  receiver.close();
});

describe('callBackUrl webhooks', () => {
  it('delivers a signed task.completed call that verifies with the account secret, and retries a 500', async () => {
    failuresBeforeSuccess = 1;
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const { webhookSecret } = (
      await runtime.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } })
    ).json();
    expect(webhookSecret).toMatch(/^whsec_/);
    const created = (
      await postWithKey(runtime.app, account.key, '/api/provider/video', {
        prompt: 'notify me',
        callBackUrl: receiverUrl,
      })
    ).json();

    const ofTask = () => received.filter((r) => JSON.parse(r.body).data.taskId === created.data.taskId);
    await expect.poll(() => ofTask().length, { timeout: 60_000, interval: 250 }).toBe(2);
    const delivered = ofTask().at(-1);
    const headers = delivered?.headers as IncomingHttpHeaders;
    const body = delivered?.body as string;
    expect(
      verifyWebhook(
        webhookSecret,
        {
          id: String(headers['webhook-id']),
          timestamp: String(headers['webhook-timestamp']),
          signature: String(headers['webhook-signature']),
        },
        body,
      ),
    ).toBe(true);
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      type: 'task.completed',
      data: { taskId: created.data.taskId, status: 'completed', videoUrls: [expect.any(String)] },
    });
    // The files' expiry travels with their URLs: RESULT_RETENTION_DAYS (30) after completion.
    const keptMs = Date.parse(event.data.expiresAt) - Date.parse(event.data.completedAt);
    expect(Math.abs(keptMs - 30 * 86_400_000)).toBeLessThan(60_000);
    expect(
      verifyWebhook(
        'whsec_b3RoZXI=',
        {
          id: 'x',
          timestamp: String(headers['webhook-timestamp']),
          signature: String(headers['webhook-signature']),
        },
        body,
      ),
    ).toBe(false);
    // Operators see the failed attempt and the delivery in /metrics.
    const deliveries = async () =>
      (await runtime.app.inject({ method: 'GET', url: '/metrics' })).body
        .split('\n')
        .filter((line) => line.startsWith('conduit_webhook_deliveries_total{'));
    await expect
      .poll(deliveries, { timeout: 5_000 })
      .toEqual([
        'conduit_webhook_deliveries_total{outcome="failed"} 1',
        'conduit_webhook_deliveries_total{outcome="delivered"} 1',
      ]);
  }, 90_000);

  it('refuses stale or tampered signatures', () => {
    const secret = 'whsec_c2VjcmV0LWJ5dGVz';
    const signature = signWebhook(secret, 'msg_1', 1_000, '{"a":1}');
    const headers = { id: 'msg_1', timestamp: '1000', signature };
    expect(verifyWebhook(secret, headers, '{"a":1}', { nowS: 1_100 })).toBe(true);
    expect(verifyWebhook(secret, headers, '{"a":2}', { nowS: 1_100 })).toBe(false);
    expect(verifyWebhook(secret, headers, '{"a":1}', { nowS: 2_000 })).toBe(false);
  });

  it('refuses a private callBackUrl outside tests before charging', async () => {
    const { createUrlGuard } = await import('../provider/check-input-urls.ts');
    const guard = createUrlGuard();
    await expect(guard.assertPublicUrl('http://127.0.0.1:9/x', 'callBackUrl')).rejects.toThrow(
      /public address/,
    );
    await expect(guard.assertPublicUrl('http://169.254.169.254/latest', 'callBackUrl')).rejects.toThrow(
      /public address/,
    );
    await expect(guard.assertPublicUrl('http://[::1]/x', 'callBackUrl')).rejects.toThrow(/public address/);
  });
});
