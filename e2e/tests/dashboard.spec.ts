import { ConduitClient } from '@conduit/client';
import { type CreateKeyResponse, LIVE_STATUS_TEXTS, SERVICE_COST } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-session.ts';
import { verifiedAccount } from './auth-flows.ts';
import {
  checkAtBothSizes,
  DESKTOP,
  expectNoSevereA11yViolations,
  open,
  PHONE,
  screenshotPath,
} from './helpers.ts';

async function createKey(page: Page): Promise<string> {
  const response = await page.request.post('/api/keys', { data: { keyName: 'Live status key' } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as CreateKeyResponse).key.keyValue;
}

test('a video call made through the API turns Completed on the open dashboard without a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await verifiedAccount(page, 'live-status');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toContainText('1 of 4 done');
  const apiKey = await createKey(page);
  await open(page, '/app');
  await expect(checklist).toContainText('2 of 4 done');
  // No call yet: the chart's place says so and where to make one.
  const noCalls = page.getByRole('region', { name: 'Your last 30 days' });
  await expect(noCalls).toContainText('No calls yet');
  await expect(noCalls.getByRole('link', { name: 'Playground' })).toBeVisible();
  await checkAtBothSizes(page, 'dashboard-no-calls');
  await page.setViewportSize(DESKTOP);
  await expect(checklist.getByRole('link', { name: 'Open the playground' })).toHaveAttribute(
    'href',
    '/app/playground',
  );
  // Anything that reloads the page loses this mark.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  const conduit = new ConduitClient({ apiKey, baseUrl: String(baseURL) });
  const accepted = await conduit.createVideo({ prompt: 'A drone over hills at dawn' });
  const taskId = accepted.data.taskId;

  const row = page
    .getByRole('table', { name: 'Recent calls' })
    .getByRole('row')
    .filter({ hasText: 'Video generation' });
  await expect(row).toContainText('Processing');
  await expect(row.getByRole('time').last()).toHaveText(/^\d+:\d{2}$/);
  await expect(row).toContainText('Completed', { timeout: 30_000 });
  // A call naming no model ran its service's default.
  await expect(row).toContainText('Veo 3.1 Fast');
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText(LIVE_STATUS_TEXTS.ready.video);
  await expect(notices).toContainText(taskId);
  const balance = 20 - SERVICE_COST.video;
  await expect(page.getByRole('banner')).toContainText(String(balance));
  await expect(page.getByRole('region', { name: 'Credits balance' })).toContainText(String(balance));
  await expect(checklist).toContainText('3 of 4 done');

  // One more credit spent: under 10 left, the low-balance banner shows, still without a reload.
  await conduit.generateImage({ prompt: 'A lighthouse at dusk' });
  await expect(page.getByRole('region', { name: 'Low balance' })).toContainText(
    `${balance - 1} credits left`,
  );
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

  // The chart counts today's two calls.
  const chart = page.getByRole('region', { name: 'Your last 30 days' });
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /^2 calls in the last 30 days/);
  await expect(chart.getByRole('region', { name: 'Spent this month' })).toContainText(
    `${SERVICE_COST.video + SERVICE_COST.image} credits`,
  );
  // And the same two calls per model.
  const byModel = page.getByRole('table', { name: 'Usage by model' });
  await expect(byModel.getByRole('row').filter({ hasText: 'Nano Banana' })).toContainText(
    `Calls1Credits${SERVICE_COST.image}`,
  );
  await expect(byModel.getByRole('row').filter({ hasText: 'Veo 3.1 Fast' })).toContainText(
    `Calls1Credits${SERVICE_COST.video}`,
  );

  await checkAtBothSizes(page, 'dashboard');
});

test('the app layout on a phone: page title, menu that Escape closes, admin entry only for admins', async ({
  page,
}) => {
  await verifiedAccount(page, 'layout');
  await page.setViewportSize(PHONE);
  await open(page, '/app/support');
  const bar = page.getByRole('banner');
  await expect(bar).toContainText('Support');
  await expect(bar.getByRole('link', { name: 'Buy credits' })).toBeVisible();
  const toggle = bar.getByRole('button', { name: 'Toggle navigation' });
  await toggle.click();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  // The drawer slides in: look once it is all in view.
  await expect
    .poll(() => page.locator('#app-sidebar').evaluate((sidebar) => sidebar.getBoundingClientRect().left))
    .toBe(0);
  await page.screenshot({ path: screenshotPath('sidebar-phone-open') });
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(sidebar).toBeHidden();
  await expectNoSevereA11yViolations(page);

  await page.request.post('/api/auth/logout');
  await signInAsAdmin(page.request);
  await open(page, '/app/support');
  await toggle.click();
  await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('the other app pages under the new top bar pass axe at desktop and phone size', async ({ page }) => {
  test.setTimeout(240_000);
  await verifiedAccount(page, 'pages');
  for (const [path, heading] of [
    ['/app/api-keys', 'API Keys'],
    ['/app/docs', 'API Docs'],
    ['/app/settings', 'Settings'],
  ] as const) {
    await page.setViewportSize(DESKTOP);
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkAtBothSizes(page, `page${path.replaceAll('/', '-')}`);
  }
});
