import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appPath } from '@conduit/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPaidAccount,
  ledgerCheck,
  type PaidAccount,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { createScriptedEngine, tinyPng } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { createUrlGuard, type ResolveHost } from './check-input-urls.ts';

/** What our fake DNS answers, name by name: one answer per lookup, the last one repeating. */
const answers = new Map<string, string[][]>();
const resolve: ResolveHost = async (hostname) => {
  const queue = answers.get(hostname);
  if (!queue) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return (queue.length > 1 ? queue.shift() : queue[0]) ?? [];
};
const PUBLIC_ADDRESS = '93.184.215.14';
/** The test's own servers listen on loopback: that one address is allowed, no other private one. */
const guard = createUrlGuard({ resolve, allowedAddresses: ['127.0.0.1'] });

let runtime: TestRuntime;
let engine: ReturnType<typeof createScriptedEngine>;
let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    request.resume();
    if (request.url === '/image.png') response.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng());
    else if (request.url?.startsWith('/redirect')) {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
    } else if (request.url === '/hook') response.writeHead(204).end();
    else response.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  engine = createScriptedEngine();
  runtime = await createTestRuntime({}, { engine, urlGuard: guard });
});
afterAll(async () => {
  await runtime.close();
  await guard.close();
  server.close();
});
beforeEach(() => {
  hits.length = 0;
  answers.clear();
  answers.set('images.test', [['127.0.0.1']]);
  answers.set('internal.test', [['10.0.0.5']]);
  answers.set('mixed.test', [[PUBLIC_ADDRESS, '127.0.0.2']]);
  answers.set('metadata.test', [['fd00:ec2::254']]);
  answers.set('translated.test', [['::ffff:0:7f00:1']]);
  answers.set('sora.chatgpt.com', [[PUBLIC_ADDRESS]]);
});

async function call(account: PaidAccount, url: string, payload: Record<string, unknown>) {
  return runtime.app.inject({ method: 'POST', url, headers: { 'x-api-key': account.key }, payload });
}

/** A sync image call from a new account with 5 credits, its input image `path` on the test server under `host`. */
async function imageCallFrom(host: string, path: string) {
  const account = await createPaidAccount(runtime.services, { credits: 5 });
  const response = await call(account, '/api/provider/image', {
    prompt: 'p',
    image_urls: [`http://${host}:${port}${path}`],
  });
  return { account, response };
}

async function expectNothingCharged(account: PaidAccount, credits: number) {
  expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: credits, sum: credits });
  const tasks = await runtime.services.pool.query(
    'select count(*)::int as n from tasks where workspace_id = $1',
    [account.userId],
  );
  expect(tasks.rows[0].n).toBe(0);
}

describe('SSRF: user-supplied URLs at request time', () => {
  it.each([
    [
      '/api/provider/image',
      'image_urls',
      (url: string) => ({ prompt: 'p', image_urls: [url] }),
      'image_urls.0',
    ],
    ['/api/provider/video', 'imageUrls', (url: string) => ({ prompt: 'p', imageUrls: [url] }), 'imageUrls.0'],
    [
      '/api/provider/image',
      'callBackUrl',
      (url: string) => ({ prompt: 'p', callBackUrl: url }),
      'callBackUrl',
    ],
    [
      '/api/provider/video',
      'callBackUrl',
      (url: string) => ({ prompt: 'p', callBackUrl: url }),
      'callBackUrl',
    ],
    [
      '/api/provider/sora-watermark-remover',
      'callBackUrl',
      (url: string) => ({ video_url: 'https://sora.chatgpt.com/p/s_1', callBackUrl: url }),
      'callBackUrl',
    ],
  ])(
    '%s refuses private %s targets with 400 naming the field, charging nothing',
    async (path, _name, body, field) => {
      const account = await createPaidAccount(runtime.services, { credits: 50 });
      for (const url of [
        'http://127.0.0.2/x.png',
        'http://2130706434/x.png',
        'http://0x7f.0.0.2/x.png',
        'http://0177.0.0.2/x.png',
        'http://127.2/x.png',
        'http://[::1]/x.png',
        'http://[::ffff:127.0.0.2]/x.png',
        'http://[::ffff:a9fe:a9fe]/latest',
        // IPv4-translated and local-use NAT64 (issue 45), written several ways.
        'http://[::ffff:0:7f00:1]/',
        'http://[::ffff:0:127.0.0.1]/',
        'http://[0:0:0:0:ffff:0:a9fe:a9fe]/latest',
        'http://[64:ff9b:1::7f00:1]/',
        'http://[64:ff9b:1:7f:0:100::]/',
        'http://[64:ff9b:1:ffff:ffff::1]/',
        'http://translated.test/x.png',
        'http://169.254.169.254/latest/meta-data',
        'http://[fd00:ec2::254]/latest',
        'http://100.100.100.200/latest',
        'http://10.1.2.3/x.png',
        'http://192.168.0.1/x.png',
        'http://[fe80::1]/x.png',
        'http://224.0.0.1/x.png',
        'http://internal.test/x.png',
        'http://mixed.test/x.png',
        'http://metadata.test/x.png',
        'http://nowhere.test/x.png',
        'http://user:secret@images.test/x.png',
      ]) {
        const response = await call(account, path, body(url));
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({
          success: false,
          field,
          code: 'VALIDATION_FAILED',
          // Refused for where it points, not because nothing answered there.
          error: expect.stringMatching(
            /must be a public address|could not be resolved|must not carry credentials/,
          ),
        });
      }
      await expectNothingCharged(account, 50);
    },
  );

  it('refuses a Sora video_url whose host resolves to a private address', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    answers.set('sora.chatgpt.com', [['127.0.0.3']]);
    for (const path of [
      '/api/provider/sora-watermark-remover',
      '/api/provider/sora-watermark-remover/sync',
    ]) {
      const response = await call(account, path, { video_url: 'https://sora.chatgpt.com/p/s_1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'video_url' });
    }
    await expectNothingCharged(account, 10);
    answers.set('sora.chatgpt.com', [[PUBLIC_ADDRESS]]);
    const accepted = await call(account, '/api/provider/sora-watermark-remover', {
      video_url: 'https://sora.chatgpt.com/p/s_1',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('fetches an image through the guarded lookup (a name only our resolver knows), and charges it', async () => {
    const { account, response } = await imageCallFrom('images.test', '/image.png');
    expect(response.statusCode).toBe(200);
    expect(hits).toEqual(['GET /image.png']);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 4, sum: 4 });
  });
});

describe('SSRF: again at fetch and delivery time', () => {
  it('refuses an image whose name rebinds to a private address between the check and the fetch', async () => {
    answers.set('rebind.test', [[PUBLIC_ADDRESS], ['10.0.0.7']]);
    const { account, response } = await imageCallFrom('rebind.test', '/image.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'image_urls.0',
      error: 'image_urls.0: must be a public address',
    });
    await expectNothingCharged(account, 5);
  });

  it('never follows an image redirect', async () => {
    const { account, response } = await imageCallFrom('images.test', '/redirect.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'image_urls.0' });
    expect(hits).toEqual(['GET /redirect.png']);
    await expectNothingCharged(account, 5);
  });

  it('re-checks the callback address at delivery: a rebound name gets nothing, a public one gets the call', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    // Accepted while the name pointed at a public address, delivered after it moved to a private one.
    answers.set('hooks.test', [[PUBLIC_ADDRESS], ['169.254.169.254']]);
    const created = await call(account, '/api/provider/video', {
      prompt: 'notify me',
      callBackUrl: `http://hooks.test:${port}/hook`,
    });
    expect(created.statusCode).toBe(200);
    const taskId = created.json().data.taskId as string;
    const deliveryOf = async () =>
      (
        await runtime.services.pool.query(
          `select d.id, d.attempts, d.last_error from webhook_deliveries d
             join webhook_events e on e.id = d.event_id
            where d.target = 'callback' and e.body like '%' || $1 || '%'`,
          [taskId],
        )
      ).rows[0];
    // The first attempt's outcome is recorded once it is over.
    await expect
      .poll(async () => (await deliveryOf())?.last_error ?? '', { timeout: 20_000 })
      .toMatch(/public address/);
    const delivery = await deliveryOf();
    expect(hits).not.toContain('POST /hook');

    const resend = async () => {
      const answer = await runtime.app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${delivery.id}/resend`,
        headers: { 'x-api-key': account.key },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().delivery.attemptLog.at(-1);
    };
    answers.set('hooks.test', [['127.0.0.1']]);
    expect(await resend()).toMatchObject({ responseStatus: 204, isManual: true });
    expect(hits.filter((hit) => hit === 'POST /hook').length).toBeGreaterThanOrEqual(1);

    // A redirecting receiver is a failed delivery, never followed.
    await runtime.services.pool.query('update webhook_deliveries set url = $1 where id = $2', [
      `http://hooks.test:${port}/redirect-hook`,
      delivery.id,
    ]);
    hits.length = 0;
    expect(await resend()).toMatchObject({ responseStatus: 302 });
    expect(hits).toEqual(['POST /redirect-hook']);
  });
});

describe('SSRF: the workspace webhook endpoint', () => {
  it('refuses IPv4-translated and local-use NAT64 addresses as webhookUrl, and keeps the endpoint unset', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    for (const url of [
      'http://[::ffff:0:7f00:1]/',
      'http://[::ffff:0:a9fe:a9fe]/latest',
      'http://[64:ff9b:1::7f00:1]/',
      'http://[64:ff9b:1:a9:fea9:fe00::]/',
      'http://translated.test/hook',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const refused = await runtime.app.inject({
        method: 'PUT',
        url: appPath('setWebhookEndpoint'),
        headers: { cookie, 'x-requested-with': 'conduit' },
        payload: { webhookUrl: url },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ field: 'webhookUrl', code: 'VALIDATION_FAILED' });
    }
    const alerts = await runtime.app.inject({ url: appPath('balanceAlerts'), headers: { cookie } });
    expect(alerts.json().webhookUrl).toBeNull();
  });
});
