import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from './helpers.ts';

/*
 * The landing is prerendered and hydrated after first paint (decision 0004): a tap on a
 * call to action before then must still open sign-up. The app's entry script is held back a
 * second so that every tap below surely lands before React owns the page.
 */
async function openBeforeHydration(page: Page) {
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.waitForTimeout(100);
}

const isInteractive = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.interactive === 'true');

for (const size of [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
]) {
  test.describe(`calls to action before hydration (${size.name})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('a tap on "Get started free" 100 ms after DOMContentLoaded opens sign-up', async ({ page }) => {
      await openBeforeHydration(page);
      const button = page.getByRole('main').getByRole('button', { name: 'Get started free' }).first();
      expect(await isInteractive(page)).toBe(false);
      if (size.hasTouch) await button.tap();
      else await button.click();
      // Until the page can act on it, the tap shows as taken: the button stays pressed and busy.
      // Busy and interactive are read together, from the document (once the dialog opens the page
      // behind it has no roles to find): hydration can come at any moment and replay the tap,
      // which clears the busy mark. A mouse click has reached the page when click() returns; a
      // touch's click follows its touchend a moment after tap() returns, and hydration can come in
      // between (then React takes the click itself), so for a tap the two are read until one holds.
      const state = () =>
        page.evaluate(() => ({
          busy: document.querySelector('main button[aria-busy="true"]') !== null,
          interactive: document.documentElement.dataset.interactive === 'true',
        }));
      let seen = await state();
      if (size.hasTouch) {
        await expect
          .poll(async () => {
            seen = await state();
            return seen.busy || seen.interactive;
          })
          .toBe(true);
      }
      if (!seen.interactive) {
        expect(seen.busy).toBe(true);
        await page.screenshot({ path: screenshotPath(`early-tap-pressed-${size.name}`) });
      }
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      // Replayed: nothing is left pressed (the page behind the dialog is hidden from roles now).
      await expect(page.locator('button[data-queued-tap], button[aria-busy]')).toHaveCount(0);
    });
  });
}

test('the header\'s "Get started" tapped before hydration opens sign-up once', async ({ page }) => {
  await openBeforeHydration(page);
  expect(await isInteractive(page)).toBe(false);
  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
});
