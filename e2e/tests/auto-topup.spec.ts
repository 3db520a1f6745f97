import { ConduitClient } from '@conduit/client';
import {
  BILLING_TEXTS,
  CREDIT_PACKAGES,
  FREE_CREDITS_ON_VERIFY,
  formatCents,
  SERVICE_COST,
} from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import {
  checkAtBothSizes,
  checkOutStarterSavingCard,
  createApiKeyInUi,
  open,
  saveBillingDetails,
} from './helpers.ts';

const STARTER = CREDIT_PACKAGES.starter;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const balanceIs = (page: Page, value: number) =>
  page
    .getByRole('region', { name: 'Credits balance' })
    .getByText(value.toLocaleString('en-US'), { exact: true });

test('save a TEST MODE card, turn on auto top-up, spend under the threshold, see it topped up and print the receipt', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await verifiedAccount(page, 'topup');
  await open(page, '/app/credits');

  await saveBillingDetails(page, {
    Name: 'Ada Lovelace',
    'Company (optional)': 'Analytical Engines Ltd',
    Address: '1 Engine Street',
    City: 'London',
    'Postal code (optional)': 'N1 9GU',
    Country: 'GB',
    'VAT ID (optional)': 'GB123456789',
  });

  await checkOutStarterSavingCard(page);
  await expect(page.getByLabel('Test card number (saved for auto top-up)')).toHaveValue(
    '4242 4242 4242 4242',
  );
  await page.getByRole('button', { name: `Pay ${formatCents(STARTER.price)}` }).click();
  await expect(page).toHaveURL(/\/app\/credits$/);
  const afterPurchase = FREE_CREDITS_ON_VERIFY + STARTER.credits;
  await expect(balanceIs(page, afterPurchase)).toBeVisible();

  const autoTopUp = page.getByRole('region', { name: BILLING_TEXTS.autoTopUpTitle });
  await expect(autoTopUp).toContainText('Sandbox card •••• 4242');
  await autoTopUp.getByLabel('Turn on auto top-up').check();
  await autoTopUp.getByLabel('When the balance falls under (credits)').fill(String(afterPurchase - 1));
  await autoTopUp.getByLabel('Buy this pack').selectOption('starter');
  await autoTopUp.getByRole('button', { name: 'Save auto top-up' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    BILLING_TEXTS.autoTopUpSaved,
  );

  // One paid call takes the balance under the threshold; the worker's scan buys a pack.
  const apiKey = await createApiKeyInUi(page, 'Top-up key');
  await new ConduitClient({ apiKey, baseUrl: String(baseURL) }).scrapeLinkedin({ username: 'satyanadella' });
  const toppedUp = afterPurchase - SERVICE_COST.linkedin + STARTER.credits;
  await expect(async () => {
    await open(page, '/app/credits');
    await expect(balanceIs(page, toppedUp)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const row = page.getByRole('table', { name: /^Paid/ }).getByRole('row').nth(1);
  await expect(row).toContainText(BILLING_TEXTS.autoTopUp);
  await expect(row).toContainText('Sandbox card •••• 4242');
  await expect(page.getByRole('region', { name: BILLING_TEXTS.autoTopUpTitle })).toContainText('1 of 3');
  await checkAtBothSizes(page, 'billing-credits');

  await row.getByRole('link', { name: /Receipt/ }).click();
  await expect(page).toHaveURL(/\/app\/credits\/receipts\/pay_/);
  const receipt = page.getByRole('article');
  await expect(receipt).toContainText('TEST MODE');
  await expect(receipt).toContainText('Analytical Engines Ltd');
  await expect(receipt).toContainText('VAT ID GB123456789');
  await expect(receipt).toContainText(`${STARTER.label} credit pack (100 credits)`);
  await expect(receipt).toContainText(`${formatCents(STARTER.price)} USD`);
  await checkAtBothSizes(page, 'billing-receipt');
});
