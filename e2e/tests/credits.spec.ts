import {
  CREDIT_PACKAGES,
  FREE_CREDITS_ON_VERIFY,
  formatCents,
  PAYMENT_MESSAGES,
  PAYMENT_TEXTS,
} from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { expectNoSevereA11yViolations, open } from './helpers.ts';

const TEST_MODE_BANNER = 'TEST MODE — no real payment is taken';
const DEVELOPER = CREDIT_PACKAGES.developer;
const PAY_DEVELOPER = `Pay ${formatCents(DEVELOPER.price)}`;

/** From /app/credits with a fresh account: choose the developer pack and reach the TEST MODE checkout. */
async function startDeveloperCheckout(page: Page) {
  await verifiedAccount(page, 'buyer');
  await open(page, '/app/credits');
  await expect(figure(page, 'Credits balance', FREE_CREDITS_ON_VERIFY)).toBeVisible();
  await page.getByRole('radio', { name: /Starter/ }).check();
  await page.getByRole('radio', { name: /Developer/ }).check();
  await page.getByRole('button', { name: PAY_DEVELOPER }).click();

  await expect(page).toHaveURL(/\/sandbox-checkout\/[^/]+$/);
  await expect(page.getByText(TEST_MODE_BANNER)).toBeVisible();
  const summary = page.locator('dl');
  await expect(summary).toContainText(DEVELOPER.label);
  await expect(summary).toContainText('500');
  await expect(summary).toContainText(formatCents(DEVELOPER.price));
  return page.url();
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The figure of a stat card, matched whole ("20" must not pass for "520"). */
const figure = (page: Page, label: string, value: number) =>
  page.getByRole('region', { name: label }).getByText(value.toLocaleString('en-US'), { exact: true });

test('buy the developer pack on the TEST MODE checkout: 520 credits and the purchase in the history', async ({
  page,
}) => {
  const checkoutUrl = await startDeveloperCheckout(page);
  await expectNoSevereA11yViolations(page);
  await page.getByRole('button', { name: PAY_DEVELOPER }).click();

  await expect(page).toHaveURL(/\/app\/credits$/);
  await expect(notifications(page)).toContainText(PAYMENT_MESSAGES.credited(DEVELOPER.credits));
  const balance = FREE_CREDITS_ON_VERIFY + DEVELOPER.credits;
  await expect(figure(page, 'Credits balance', balance)).toBeVisible();
  await expect(figure(page, 'Credits purchased', DEVELOPER.credits)).toBeVisible();
  const row = page.getByRole('table', { name: /^Paid/ }).getByRole('row').nth(1);
  await expect(row).toContainText(DEVELOPER.label);
  await expect(row).toContainText('500');
  await expect(row).toContainText(formatCents(DEVELOPER.price));
  await expect(row).toContainText('Paid');
  await expectNoSevereA11yViolations(page);

  // The session is spent: its page says so, and replaying the return credits nothing twice.
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1) as string;
  await open(page, new URL(checkoutUrl).pathname);
  await expect(page.getByRole('heading', { name: 'This checkout is already complete' })).toBeVisible();
  await open(page, `/app/credits?success=true&session_id=${encodeURIComponent(sessionId)}`);
  await expect(notifications(page)).toContainText(PAYMENT_MESSAGES.alreadyProcessed);
  await expect(page).toHaveURL(/\/app\/credits$/);
  await expect(figure(page, 'Credits balance', balance)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Paid/ }).getByRole('row')).toHaveCount(2);
});

test('cancel on the TEST MODE checkout: the cancel notice, and the balance is unchanged', async ({
  page,
}) => {
  await startDeveloperCheckout(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/app\/credits$/);
  await expect(notifications(page)).toContainText(PAYMENT_TEXTS.canceled);
  await expect(figure(page, 'Credits balance', FREE_CREDITS_ON_VERIFY)).toBeVisible();
  await expect(figure(page, 'Credits purchased', 0)).toBeVisible();
  // A checkout that never became a charge is listed apart from paid purchases.
  const row = page
    .getByRole('table', { name: /^Not completed/ })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText('Canceled');
});

test('an unknown checkout session says so', async ({ page }) => {
  await verifiedAccount(page, 'lost');
  await open(page, '/sandbox-checkout/cs_sandbox_does_not_exist');
  await expect(page.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to credits' })).toHaveAttribute('href', '/app/credits');
});
