import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-session.ts';
import { expectNoSevereA11yViolations, open, watchScripts } from './helpers.ts';

async function isInViewport(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0 && Math.abs(box.top) < 200;
  });
}

test.describe('landing page', () => {
  test('renders the hero, the four services, the three packs and the footer', async ({ page }) => {
    // A signed-out visit logs nothing in the console: the session check answers "nobody", not a 401.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const stat of ['10k+', '99.9%', '24/7'])
      await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
    const features = page.locator('#features');
    for (const service of [/image/i, /video/i, /watermark/i, /linkedin/i]) {
      await expect(features.getByRole('heading', { name: service }).first()).toBeVisible();
    }
    const pricing = page.locator('#pricing');
    for (const price of ['$9.99', '$39.99', '$69.99'])
      await expect(pricing.getByText(price).first()).toBeVisible();
    await expect(pricing.getByText(/popular/i).first()).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    expect(consoleErrors).toEqual([]);

    // The sign-up dialog with its form still empty: Tab reaches every control, "Sign in" and
    // Close included, and comes round to the first field.
    await page.getByRole('main').getByRole('button', { name: 'Get started free' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog).toBeVisible();
    const first = dialog.getByRole('textbox').first();
    await first.focus();
    const reached: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return (
          active?.getAttribute('aria-label') ||
          active?.textContent?.trim() ||
          active?.getAttribute('name') ||
          ''
        );
      });
      reached.push(name);
      if (await first.evaluate((element) => element === document.activeElement)) break;
    }
    expect(reached).toEqual(expect.arrayContaining(['Sign in', 'Close']));
    await expect(first).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test("the pricing lists each model at its price, and an admin's new price shows", async ({ page }) => {
    const hailuo = page.locator('#pricing li[data-model="hailuo-02-pro"]');
    await open(page, '/');
    await expect(page.locator('#pricing li[data-model="nano-banana"]')).toContainText(/Default.*1 credit$/);
    await expect(hailuo).toContainText('12 credits');
    await signInAsAdmin(page.request);
    const patch = (credits: number | null) =>
      page.request.patch('/api/admin/models/hailuo-02-pro', { data: { credits } });
    expect((await patch(21)).status()).toBe(200);
    try {
      await open(page, '/');
      await expect(hailuo).toContainText('21 credits');
    } finally {
      await patch(null);
    }
  });

  test('the first load carries no schema code (the packs and session read plain values)', async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await open(page, '/');
    await expect(page.locator('#pricing').getByText('$9.99').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.hasZod)).toEqual([]);
  });

  test('header anchors scroll to their section, also from another page', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect.poll(() => isInViewport(page, '#pricing')).toBe(true);

    await open(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect.poll(() => isInViewport(page, '#features')).toBe(true);
  });

  test("'Watch demo' shows a notification that dismisses itself", async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    const notice = page.getByText('Demo video coming soon!');
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 8_000 });
  });

  test('a notification can be closed by hand', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    await expect(page.getByText('Demo video coming soon!')).toBeVisible();
    await page
      .getByRole('button', { name: /close|dismiss/i })
      .first()
      .click();
    await expect(page.getByText('Demo video coming soon!')).toBeHidden({ timeout: 1_000 });
  });

  test('with reduced motion a notification neither slides nor fades', async ({ page }) => {
    const animationOf = (notice: Locator) =>
      notice.evaluate((element) => getComputedStyle(element).animationName);
    const notice = page.getByRole('status').filter({ hasText: 'Demo video coming soon!' });
    await open(page, '/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    await expect(notice).toBeVisible();
    expect(await animationOf(notice)).toBe('toast-in');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animationOf(notice)).toBe('none');
  });

  test('the chosen theme survives a reload', async ({ page }) => {
    await open(page, '/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-preset', 'saas-blue');
    await expect(html).toHaveAttribute('data-background', 'dark-cool');
    await page.getByRole('button', { name: 'Theme settings' }).click();
    await page.getByRole('radio', { name: 'Eco Green' }).check({ force: true });
    await page.getByRole('radio', { name: 'Light mode' }).check({ force: true });
    await expect(html).toHaveAttribute('data-preset', 'eco-green');
    await expect(html).toHaveAttribute('data-mode', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-interactive', 'true');
    await expect(html).toHaveAttribute('data-preset', 'eco-green');
    await expect(html).toHaveAttribute('data-mode', 'light');
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSevereA11yViolations(page);
  });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('routing', () => {
  test('an unknown path lands on the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#pricing')).toBeAttached();
  });

  test('the signed-in area sends a visitor back to the landing page', async ({ page }) => {
    await page.goto('/app/credits');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the legal pages have real content', async ({ page }) => {
    for (const url of ['/privacy', '/terms']) {
      await open(page, url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(((await page.locator('main').textContent()) ?? '').length).toBeGreaterThan(2_000);
    }
  });
});
