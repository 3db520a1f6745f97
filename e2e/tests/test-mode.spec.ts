import { FREE_CREDITS_ON_VERIFY, REQUEST_LOG_TEXTS, TEST_MODE_TEXTS } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { accountWithApiKey } from './auth-flows.ts';

const KEY_NAME = 'Sandbox';

test('a test key runs a free call in the playground, seen only with "View test data" on', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The keys page makes a test key and labels it.
  const row = await accountWithApiKey(page, 'test-mode', KEY_NAME, (create) =>
    create.getByLabel(TEST_MODE_TEXTS.modeLabel).selectOption('test'),
  );
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
