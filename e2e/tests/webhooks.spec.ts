import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_PATHS, WEBHOOK_TEXTS } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { PASSWORD } from './auth-flows.ts';
import { checkAtBothSizes, open, screenshotPath } from './helpers.ts';
import { uniqueEmail, verificationLinkFor } from './outbox.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

/*
 * The receiver is a server of this test on loopback, which a server as `npm start` runs it refuses
 * (a private address): this journey runs on a server of its own (the shared servers' port plus 3)
 * with NODE_ENV=test, the setting under which the server tests deliver to loopback too.
 */
const OWN_URL = `http://127.0.0.1:${Number(new URL(BASE_URL).port) + 3}`;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: OWN_URL });

let server: OwnServer;
let receiver: Server;
let answer = 500;
/** The bodies the receiver was sent, parsed. */
const received: Array<{ type?: string; data?: { taskId?: string; status?: string } }> = [];
test.beforeAll(async () => {
  test.setTimeout(300_000);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        // not JSON: nothing to record
      }
      response.writeHead(answer).end(answer >= 400 ? 'endpoint down for maintenance' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // Videos take two minutes here, so the cancel journey finds its video still running.
  server = await startOwnServer(Number(new URL(OWN_URL).port), {
    NODE_ENV: 'test',
    LOCAL_VIDEO_SECONDS: '120',
  });
});
test.afterAll(async () => {
  await server?.stop();
  receiver?.close();
});

const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

async function signedUp(page: Page) {
  const api = page.request;
  const email = uniqueEmail('webhooks');
  expect((await api.post(APP_PATHS.register.path, { data: { email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await api.get(`/api${await verificationLinkFor(email, server.dataDir)}`)).ok()).toBe(true);
}

async function signedUpWithEndpoint(page: Page) {
  await signedUp(page);
  const url = receiverUrl();
  const saved = await page.request.put(APP_PATHS.setWebhookEndpoint.path, { data: { webhookUrl: url } });
  expect(saved.status()).toBe(200);
  return url;
}

test('the endpoint is set up and tested on the Webhooks page; a failed delivery is opened and resent', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedUp(page);
  const url = receiverUrl();

  // A new account: the page starts at the endpoint, and the empty log says what to do first.
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/app');
  await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).first().click();
  await expect(page.getByRole('heading', { name: WEBHOOK_TEXTS.pageTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(WEBHOOK_TEXTS.firstStepNoEndpoint)).toBeVisible();
  await checkAtBothSizes(page, 'webhooks-empty');
  await page.setViewportSize({ width: 1366, height: 900 });
  const endpoint = page.getByRole('region', { name: WEBHOOK_TEXTS.endpointTitle });
  await endpoint.getByLabel(WEBHOOK_TEXTS.urlLabel).fill(url);
  await endpoint.getByRole('checkbox', { name: 'task.completed' }).check();
  await endpoint.getByRole('button', { name: WEBHOOK_TEXTS.saveSubmit }).click();
  await expect(page.getByText(WEBHOOK_TEXTS.saved)).toBeVisible();
  await expect(page.getByText(WEBHOOK_TEXTS.firstStepWithEndpoint)).toBeVisible();
  // Send test event: the receiver answers 500, the page says so and the delivery is in the log.
  await endpoint.getByRole('button', { name: WEBHOOK_TEXTS.testButton }).click();
  await expect(
    endpoint.getByRole('status').filter({ hasText: WEBHOOK_TEXTS.testRefused(500) }),
  ).toBeVisible();
  const log = page.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByRole('button').first()).toContainText('webhook.test');
  await expect.poll(() => received.some((body) => body.type === 'webhook.test')).toBe(true);
  await checkAtBothSizes(page, 'webhooks-set-up');
  // At phone size (where checkAtBothSizes ends) nothing is wider than the screen: the long
  // conduit listen command and the URL stay inside their card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  const sent = await page.request.post(APP_PATHS.sendWebhookTest.path, { data: { type: 'task.completed' } });
  expect((await sent.json()).delivery).toMatchObject({ status: 'pending', lastResponseStatus: 500 });
  await open(page, '/app/webhooks');
  await page
    .getByLabel(WEBHOOK_TEXTS.filterStatus)
    .selectOption({ label: WEBHOOK_TEXTS.statusLabels.pending });
  await expect(page).toHaveURL(/status=pending/);
  const row = page.getByRole('list', { name: 'Deliveries' }).getByRole('button').first();
  await expect(row).toContainText('task.completed');
  await expect(row).toContainText('HTTP 500');
  await row.click();

  const detail = page.getByRole('article');
  await expect(detail).toContainText(url);
  await expect(detail).toContainText('webhook-signature');
  await expect(detail).toContainText('"type": "task.completed"');
  await expect(detail).toContainText('endpoint down for maintenance');
  await checkAtBothSizes(page, 'webhooks-failed');

  // The endpoint is back (the schedule's next retry is minutes away): Resend delivers now.
  answer = 204;
  await page.setViewportSize({ width: 1366, height: 900 });
  await detail.getByRole('button', { name: WEBHOOK_TEXTS.resend }).click();
  await expect(page.getByText(WEBHOOK_TEXTS.resent(204))).toBeVisible();
  await expect(detail).toContainText(WEBHOOK_TEXTS.statusLabels.succeeded);
  await expect(detail.getByRole('listitem').first()).toContainText('HTTP 204');
  await page.screenshot({ path: screenshotPath('webhooks-resent-1366x900'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(detail.getByRole('button', { name: WEBHOOK_TEXTS.resend })).toBeVisible();
  await page.screenshot({ path: screenshotPath('webhooks-resent-390x844'), fullPage: true });
});

test('a running video canceled from its call page is refunded at once, and its callback hears task.canceled', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const url = await signedUpWithEndpoint(page);
  const created = await page.request.post(APP_PATHS.createKey.path, { data: { keyName: 'Cancel journey' } });
  expect(created.status()).toBe(201);
  const keyValue = (await created.json()).key.keyValue as string;
  const call = await page.request.post('/api/provider/video', {
    headers: { 'x-api-key': keyValue },
    data: { prompt: 'A slow pan over a harbour', callBackUrl: url, webhookEvents: ['canceled'] },
  });
  expect([200, 202]).toContain(call.status());
  const { taskId } = (await call.json()).data;

  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, `/app/calls/${taskId}`);
  await page.getByRole('button', { name: 'Cancel call' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this call?' });
  await expect(confirm).toContainText('its 10 credits come back at once');
  await page.screenshot({ path: screenshotPath('cancel-call-1366x900') });
  await confirm.getByRole('button', { name: 'Cancel call' }).click();
  await expect(page.getByText('Call canceled: 10 credits refunded')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Canceled');
  await expect(page.getByRole('button', { name: 'Cancel call' })).toHaveCount(0);
  // One notice says it: the live stream's word on the same cancel is held back.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveCount(1);

  // The dashboard keeps working after a cancel: Recent calls lists the call as Canceled.
  await page.goto('/app');
  const recent = page.getByRole('region', { name: 'Recent calls' });
  await expect(recent.getByRole('row').filter({ hasText: taskId })).toContainText('Canceled');
  await expect(recent).not.toContainText('Failed to load recent calls');

  const account = await page.request.get('/api/provider/me', { headers: { 'x-api-key': keyValue } });
  expect((await account.json()).data.balance).toBe(20);
  await expect
    .poll(() => received.find((body) => body.data?.taskId === taskId)?.type, { timeout: 30_000 })
    .toBe('task.canceled');
});
