import { readFile } from 'node:fs/promises';
import { BILLING_TEXTS, CREDIT_PACKAGES, formatCents } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { checkAtBothSizes, checkOutStarterSavingCard, open, saveBillingDetails } from './helpers.ts';
import { latestMailWithSubject, linkPathIn } from './outbox.ts';

const STARTER = CREDIT_PACKAGES.starter;

/** A wider desktop than the default, for the receipt's screenshots. */
const WIDE = { width: 1366, height: 900 };

test('buy a pack: the receipt mail, its receipt page with the details frozen, the PDF, then remove the saved card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await verifiedAccount(page, 'trust');
  await open(page, '/app/credits');
  await saveBillingDetails(page, {
    Name: 'Grace Hopper',
    Address: '7 Compiler Road',
    City: 'Arlington',
    Country: 'US',
  });

  await checkOutStarterSavingCard(page);
  await page.getByRole('button', { name: `Pay ${formatCents(STARTER.price)}` }).click();
  await expect(page).toHaveURL(/\/app\/credits$/);
  const autoTopUp = page.getByRole('region', { name: BILLING_TEXTS.autoTopUpTitle });
  await expect(autoTopUp).toContainText('Sandbox card •••• 4242');

  // The receipt mail, once, to the account: amount, credits, card and a link to the receipt.
  const mail = await latestMailWithSubject(email, `Receipt: ${formatCents(STARTER.price)} for 100 credits`);
  expect(mail.text).toContain('Sandbox card •••• 4242');

  // The details change after the payment: the receipt keeps those it was paid with.
  await saveBillingDetails(page, { Name: 'Someone Else' });
  await checkAtBothSizes(page, 'billing-trust-credits', WIDE);

  await open(page, linkPathIn(mail, '/app/credits/receipts/'));
  const receipt = page.getByRole('article');
  await expect(receipt).toContainText('Grace Hopper');
  await expect(receipt).not.toContainText('Someone Else');
  await expect(receipt).toContainText(`${formatCents(STARTER.price)} USD`);
  await checkAtBothSizes(page, 'billing-trust-receipt', WIDE);
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
