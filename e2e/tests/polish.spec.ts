import { AUTH_ERROR_TEXTS } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { checkAtBothSizes, open, PHONE, screenshotPath } from './helpers.ts';

test('a signed-in visitor never sees "Sign in" or "Get started" in the landing header', async ({ page }) => {
  await verifiedAccount(page, 'no-flash');
  // From the first paint until React owns the page and the session is known, every frame is looked at.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { signInButtonsSeen: seen });
    const look = () => {
      for (const button of document.querySelectorAll('header button')) {
        const text = button.textContent?.trim() ?? '';
        if (
          (text === 'Sign in' || text === 'Get started') &&
          button.checkVisibility({ visibilityProperty: true })
        ) {
          seen.push(text);
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await open(page, '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { signInButtonsSeen?: string[] }).signInButtonsSeen)).toEqual(
    [],
  );

  // Signed out, the buttons are there.
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await open(page, '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test("a pricing card takes a signed-in user to Credits with that pack chosen; the packs' figures are precise", async ({
  page,
}) => {
  await verifiedAccount(page, 'pricing');
  await open(page, '/#pricing');
  const pro = page.locator('#pricing li[data-pack="pro"]');
  await expect(pro).toContainText('29% less per credit than Starter');
  await pro.getByRole('button', { name: 'Get Pro' }).click();
  await expect(page).toHaveURL(/\/app\/credits\?pack=pro$/);
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pay $69.99' })).toBeVisible();
  const large = page.locator('label[data-pack="large"]');
  await expect(large).toContainText('$0.0665 per credit');
  await expect(large).toContainText('Save 5% vs Pro');
  await checkAtBothSizes(page, 'credits-packs');
});

test('a bad verification link says so in one line', async ({ page }) => {
  await open(page, '/auth/verify-email?token=not-a-real-token');
  const outcome = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Verification failed' }) });
  await expect(outcome.locator('p')).toHaveText([AUTH_ERROR_TEXTS.verifyFailed]);
  await checkAtBothSizes(page, 'verify-email-failed');
});

test('on a phone, the docs tab row and a long code line say they scroll', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/docs?tab=image');
  const tabs = page.getByRole('tablist', { name: 'Documentation sections' });
  const row = tabs.locator('..');
  await expect(row.locator('[data-scroll-hint="end"]')).toBeVisible();
  await tabs.evaluate((list) => {
    list.scrollLeft = list.scrollWidth;
  });
  await expect(row.locator('[data-scroll-hint="start"]')).toBeVisible();
  await expect(row.locator('[data-scroll-hint="end"]')).toHaveCount(0);
  const code = page.getByRole('figure').first();
  await expect(code.locator('[data-scroll-hint="end"]')).toBeVisible();
  await page.screenshot({ path: screenshotPath('docs-scroll-hints-phone') });
});
