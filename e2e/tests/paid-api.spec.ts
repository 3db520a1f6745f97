import { ConduitApiError, ConduitClient } from '@conduit/client';
import { FREE_CREDITS_ON_VERIFY, SERVICE_COST } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { addApiKeyInUi, expectNoSevereA11yViolations, open } from './helpers.ts';

const KEY_NAME = 'Journey key';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('create a key, copy it, call the LinkedIn API with it, see the credits drop, delete it', async ({
  page,
  baseURL,
}) => {
  await verifiedAccount(page, 'paid-api');
  await expect(page.getByRole('region', { name: 'Credits balance' })).toContainText(
    String(FREE_CREDITS_ON_VERIFY),
  );

  const item = await addApiKeyInUi(page, `  ${KEY_NAME}  `);
  await item.getByRole('button', { name: /^Copy / }).click();
  await expect(item.getByRole('status')).toHaveText('Copied!');
  const apiKey = await page.evaluate(() => navigator.clipboard.readText());
  expect(apiKey).toMatch(/_live_/);
  // The row shows the key masked; Reveal shows the whole key, the one copied, under it.
  await expect(item.getByText(apiKey)).toHaveCount(0);
  await item.getByRole('button', { name: `Reveal key ${KEY_NAME}` }).click();
  await expect(item.locator('code')).toHaveText(apiKey);
  await expectNoSevereA11yViolations(page);

  const conduit = new ConduitClient({ apiKey, baseUrl: String(baseURL) });
  const call = await conduit.scrapeLinkedin({ username: 'satyanadella' });
  expect(call).toMatchObject({
    success: true,
    data: { status: 'completed', creditsUsed: SERVICE_COST.linkedin },
  });

  await open(page, '/app');
  await expect(page.getByRole('region', { name: 'Credits balance' })).toContainText(
    String(FREE_CREDITS_ON_VERIFY - SERVICE_COST.linkedin),
  );
  const linkedin = page.getByRole('region', { name: 'LinkedIn scraping' });
  await expect(linkedin).toContainText('1 request');
  await expect(linkedin).toContainText(`${SERVICE_COST.linkedin} credits used`);
  const row = page.getByRole('table', { name: 'Recent calls' }).getByRole('row').nth(1);
  await expect(row).toContainText('LinkedIn scraping');
  await expect(row).toContainText(KEY_NAME);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`${SERVICE_COST.linkedin} credits charged`);
  await expectNoSevereA11yViolations(page);

  await open(page, '/app/api-keys');
  await page.getByRole('button', { name: `Delete key ${KEY_NAME}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete API key' })
    .getByRole('button', { name: 'Delete key' })
    .click();
  await expect(page.getByRole('heading', { name: KEY_NAME })).toBeHidden();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const refused = await conduit.scrapeLinkedin({ username: 'satyanadella' }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ConduitApiError);
  expect(refused).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
});
