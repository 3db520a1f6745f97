import {
  APP_PATHS,
  ERROR_CODES,
  FREE_CREDITS_ON_VERIFY,
  SERVICE_COST,
  SERVICE_LABELS,
} from '@conduit/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { signInAsAdmin } from './admin-session.ts';
import { PASSWORD } from './auth-flows.ts';
import { checkAtBothSizes, DESKTOP, open } from './helpers.ts';
import { uniqueEmail, verificationLinkFor } from './outbox.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

/*
 * Turning a channel off changes every call on the server, so this journey runs on a server of its
 * own (the shared servers' ports plus 2), never beside the other specs' calls.
 */
const OWN_URL = `http://127.0.0.1:${Number(new URL(BASE_URL).port) + 2}`;
const LINKEDIN = `${SERVICE_LABELS.linkedin} on local`;
const IMAGE = `${SERVICE_LABELS.image} on local`;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: OWN_URL });

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer(Number(new URL(OWN_URL).port));
});
test.afterAll(async () => {
  await server?.stop();
});

/** A customer with an API key (sign-up, verification by the outbox mail) on this file's own server. */
async function customerWithKey(api: APIRequestContext) {
  const email = uniqueEmail('channels-customer');
  expect((await api.post(APP_PATHS.register.path, { data: { email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await api.get(`/api${await verificationLinkFor(email, server.dataDir)}`)).ok()).toBe(true);
  const created = await api.post('/api/keys', { data: { keyName: 'Channels journey' } });
  const { key } = await created.json();
  const scrape = () =>
    api.post('/api/provider/linkedin', {
      headers: { 'X-API-Key': key.keyValue },
      data: { username: 'satyanadella' },
    });
  const balance = async () => (await (await api.get(APP_PATHS.credits.path)).json()).balance as number;
  return { scrape, balance };
}

const channelsTable = (page: Page) => page.getByRole('table', { name: 'Upstream channels' });
const rowOf = (page: Page, name: string) => channelsTable(page).getByRole('row').filter({ hasText: name });
/** A cell's text as the wide table shows it (the phone label above it is hidden at this size). */
async function expectCell(row: Locator, column: string, text: string | RegExp) {
  const headers = channelsTable(row.page()).getByRole('columnheader');
  const index = (await headers.allTextContents()).indexOf(column);
  expect(index, `a column named ${column}`).toBeGreaterThanOrEqual(0);
  await expect(row.getByRole('cell').nth(index)).toHaveText(text, { useInnerText: true });
}

test('an admin reads each channel, turns one off and back on, moves one, and finds the changes in the audit log', async ({
  page,
  playwright,
}) => {
  // Under load on two shared cores this journey took 72 s once; give it room.
  test.setTimeout(360_000);
  const customerApi = await playwright.request.newContext({ baseURL: OWN_URL });
  const customer = await customerWithKey(customerApi);
  const first = await customer.scrape();
  expect(first.status(), await first.text()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page.request, undefined, server.dataDir);
  await open(page, '/admin');
  await page.getByRole('tab', { name: 'Channels', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\?tab=channels$/);

  // Every service has its channel, in service order, with its last hour: the one LinkedIn call.
  const rows = channelsTable(page).getByRole('row');
  await expect(rows).toHaveCount(5);
  for (const [index, service] of (['image', 'video', 'sora', 'linkedin'] as const).entries()) {
    await expectCell(rows.nth(index + 1), 'Channel', `${SERVICE_LABELS[service]} on local`);
  }
  const linkedin = rowOf(page, LINKEDIN);
  await expect(linkedin.getByRole('checkbox', { name: `${LINKEDIN} enabled` })).toBeChecked();
  await expect(linkedin.getByRole('spinbutton', { name: `${LINKEDIN} priority` })).toHaveValue('10');
  await expectCell(linkedin, 'Calls (1 h)', '1');
  await expectCell(linkedin, 'Error rate', '0%');
  await expectCell(linkedin, 'p50 / p95', /^\d[\d,]* ms \/ \d[\d,]* ms$/);
  await expectCell(linkedin, 'Circuit', 'closed');
  await expectCell(linkedin, 'Balance', '–');
  const image = rowOf(page, IMAGE);
  await expectCell(image, 'Calls (1 h)', '0');
  await expectCell(image, 'p50 / p95', '– / –');
  await checkAtBothSizes(page, 'admin-channels');
  await page.setViewportSize(DESKTOP);

  // Off: the tab says so, and a LinkedIn call finds no channel, fails and is refunded.
  const status = page.getByRole('status').filter({ hasText: / on local: / });
  await linkedin.getByRole('checkbox', { name: `${LINKEDIN} enabled` }).uncheck();
  await expect(status).toHaveText(`${LINKEDIN}: off, priority 10, margin floor 0%.`);
  await expect(linkedin.getByRole('checkbox', { name: `${LINKEDIN} enabled` })).not.toBeChecked();
  const before = await customer.balance();
  const refused = await customer.scrape();
  expect(refused.status(), await refused.text()).toBe(502);
  expect(await refused.json()).toMatchObject({
    code: ERROR_CODES.UPSTREAM_FAILED,
    creditsRefunded: SERVICE_COST.linkedin,
  });
  expect(await customer.balance()).toBe(before);

  // On again: calls go through (the refused one never reached the channel, so two calls count).
  await linkedin.getByRole('checkbox', { name: `${LINKEDIN} enabled` }).check();
  await expect(status).toHaveText(`${LINKEDIN}: on, priority 10, margin floor 0%.`);
  const second = await customer.scrape();
  expect(second.status(), await second.text()).toBe(200);
  expect(await customer.balance()).toBe(FREE_CREDITS_ON_VERIFY - 2 * SERVICE_COST.linkedin);

  // A new priority is saved when the field is left, and survives a reload.
  const priority = image.getByRole('spinbutton', { name: `${IMAGE} priority` });
  await priority.fill('5');
  await priority.press('Tab');
  await expect(status).toHaveText(`${IMAGE}: on, priority 5, margin floor 0%.`);
  await page.reload();
  await expect(rowOf(page, IMAGE).getByRole('spinbutton', { name: `${IMAGE} priority` })).toHaveValue('5');
  await expectCell(rowOf(page, LINKEDIN), 'Calls (1 h)', '2');

  // Audit log: the three changes, newest first, each field that moved read as from → to.
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  const changes = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'Channel updated' });
  await expect(changes).toHaveCount(3);
  await expect(changes.nth(0)).toContainText('local:image');
  await expect(changes.nth(0)).toContainText('Priority:10 → 5');
  await expect(changes.nth(1)).toContainText('local:linkedin');
  await expect(changes.nth(1)).toContainText('Enabled:false → true');
  await expect(changes.nth(2)).toContainText('Enabled:true → false');
  await checkAtBothSizes(page, 'admin-channels-audit');
  await customerApi.dispose();
});
