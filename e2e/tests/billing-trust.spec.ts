import { readFile } from 'node:fs/promises';
import { BILLING_TEXTS, CREDIT_PACKAGES, formatCents } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { expectNoSevereA11yViolations, open, PHONE, screenshotPath } from './helpers.ts';
import { latestMailWithSubject, linkPathIn } from './outbox.ts';

const STARTER = CREDIT_PACKAGES.starter;

/** A full-page screenshot at 1366x900 and at 390x844, after an axe check at each size. */
async function screenshotBothSizes(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSevereA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`${name}-${size}`), fullPage: true });
  }
}

test('buy a pack: the receipt mail, its receipt page with the details frozen, the PDF, then remove the saved card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await verifiedAccount(page, 'trust');
  await open(page, '/app/credits');
  const details = page.getByRole('region', { name: BILLING_TEXTS.detailsTitle });
  await details.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await details.getByLabel('Address', { exact: true }).fill('7 Compiler Road');
  await details.getByLabel('City').fill('Arlington');
  await details.getByLabel('Country').fill('US');
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(BILLING_TEXTS.detailsSaved);

  await page.getByRole('radio', { name: /Starter/ }).check();
  await page.getByLabel(BILLING_TEXTS.saveCardLabel).check();
  await page.getByRole('button', { name: `Pay ${formatCents(STARTER.price)}` }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await page.getByRole('button', { name: `Pay ${formatCents(STARTER.price)}` }).click();
  await expect(page).toHaveURL(/\/app\/credits$/);
  const autoTopUp = page.getByRole('region', { name: BILLING_TEXTS.autoTopUpTitle });
  await expect(autoTopUp).toContainText('Sandbox card •••• 4242');

  // The receipt mail, once, to the account: amount, credits, card and a link to the receipt.
  const mail = await latestMailWithSubject(email, `Receipt: ${formatCents(STARTER.price)} for 100 credits`);
  expect(mail.text).toContain('Sandbox card •••• 4242');

  // The details change after the payment: the receipt keeps those it was paid with.
  await details.getByLabel('Name', { exact: true }).fill('Someone Else');
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(BILLING_TEXTS.detailsSaved);
  await screenshotBothSizes(page, 'billing-trust-credits');

  await open(page, linkPathIn(mail, '/app/credits/receipts/'));
  const receipt = page.getByRole('article');
  await expect(receipt).toContainText('Grace Hopper');
  await expect(receipt).not.toContainText('Someone Else');
  await expect(receipt).toContainText(`${formatCents(STARTER.price)} USD`);
  await screenshotBothSizes(page, 'billing-trust-receipt');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: BILLING_TEXTS.downloadPdf }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^conduit-receipt-pay_.+\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await open(page, '/app/credits');
  await autoTopUp.getByRole('button', { name: BILLING_TEXTS.removeCard }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(BILLING_TEXTS.removeCardConfirm);
  await confirm.getByRole('button', { name: BILLING_TEXTS.removeCard }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(BILLING_TEXTS.cardRemoved);
  await expect(autoTopUp).toContainText(BILLING_TEXTS.noSavedCard);
  await expect(autoTopUp.getByRole('button', { name: BILLING_TEXTS.removeCard })).toHaveCount(0);
});
