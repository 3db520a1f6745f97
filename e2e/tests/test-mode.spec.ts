import { FREE_CREDITS_ON_VERIFY, REQUEST_LOG_TEXTS, TEST_MODE_TEXTS } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { DESKTOP, open } from './helpers.ts';

const KEY_NAME = 'Sandbox';

test('a test key runs a free call in the playground, seen only with "View test data" on', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await verifiedAccount(page, 'test-mode');
  await page.setViewportSize(DESKTOP);

  // The keys page makes a test key and labels it.
  await open(page, '/app/api-keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByLabel('Key name').fill(KEY_NAME);
  await create.getByLabel(TEST_MODE_TEXTS.modeLabel).selectOption('test');
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: KEY_NAME }) });
  await expect(row).toContainText(TEST_MODE_TEXTS.badge);
  await expect(row).toContainText('cnd_test_');

  // The playground calls with it: answered by the development engine, free.
  await page.getByRole('link', { name: 'Playground', exact: true }).first().click();
  const picker = page.getByRole('combobox', { name: 'API key' });
  await picker.selectOption({ label: `${KEY_NAME} (${TEST_MODE_TEXTS.badge})` });
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByRole('heading', { name: /^Answer HTTP 200/ })).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('"livemode": false');
  await expect(panel).toContainText(`Balance after the call: ${FREE_CREDITS_ON_VERIFY} credits`);

  // The Logs page shows live requests: none. With "View test data" on, the test call is there.
  await page.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: REQUEST_LOG_TEXTS.title })).toBeVisible();
  await expect(page.getByText(REQUEST_LOG_TEXTS.empty)).toBeVisible();
  await page.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel }).check();
  await expect(page.getByRole('status').filter({ hasText: TEST_MODE_TEXTS.banner })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row').filter({ hasText: '/api/provider/image' })).toBeVisible();

  // Off again: back to live data, the banner gone.
  await page.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel }).uncheck();
  await expect(page.getByRole('status').filter({ hasText: TEST_MODE_TEXTS.banner })).toHaveCount(0);
  await expect(page.getByText(REQUEST_LOG_TEXTS.empty)).toBeVisible();
});
