import { API_ERRORS, API_KEY_PLACEHOLDER } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { expectNoA11yViolations, open, watchScripts } from './helpers.ts';

const PUBLIC_TABS = [
  'Overview',
  'Authentication',
  'Image API',
  'Video API',
  'Sora Watermark Remover',
  'LinkedIn API',
  'Tasks and prices',
  'Testing',
  'Changelog',
  'Pricing',
];

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('public docs', () => {
  test('the server answers /docs with the reference already rendered', async ({ request }) => {
    const html = await (await request.get('/docs')).text();
    expect(html).toContain('data-prerendered="/docs"');
    expect(html).toContain('role="tablist"');
    for (const error of API_ERRORS) expect(html).toContain(error.code);
  });

  test('the browser hydrates the prerendered /docs instead of rendering it again', async ({ page }) => {
    // Marks the server's <h1> before any script of the app runs; a fresh render would replace it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelector('h1')?.setAttribute('data-from-server', '');
      });
    });
    await open(page, '/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toHaveAttribute(
      'data-from-server',
      '',
    );
    await page.getByRole('tab', { name: 'Image API' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Generate an image' })).toBeVisible();
  });

  test('a visitor reads every tab, switches to Python and copies an example', async ({ page }) => {
    // The prerendered markup is hydrated, not thrown away: React reports any mismatch as an error.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    await open(page, '/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Documentation sections' }).getByRole('tab');
    await expect(tabs).toHaveText(PUBLIC_TABS);
    await expect(page.locator('#errors')).toContainText('INSUFFICIENT_CREDITS');
    expect(errors).toEqual([]);
    await expectNoA11yViolations(page);

    for (const name of PUBLIC_TABS) {
      await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/docs\?tab=pricing$/);
    await page.getByRole('link', { name: 'see Models' }).click();
    await expect(
      page.getByRole('table', { name: 'Models' }).getByRole('row', { name: /kling-2\.6/ }),
    ).toContainText('12 credits');

    await page.getByRole('tab', { name: 'Video API' }).click();
    await expect(page).toHaveURL(/\?tab=video$/);
    await expectNoA11yViolations(page);
    const blocks = page.getByRole('figure');
    await blocks.first().getByRole('button', { name: 'Python' }).click();
    // Under each urllib example, the same call with the Python SDK.
    const sdkBlocks = page.getByRole('figure', { name: /\(Python SDK\) example$/ });
    await expect(sdkBlocks.first().locator('code')).toContainText('from conduitapi import Conduit');
    for (const block of await blocks.all()) {
      await expect(block.getByRole('button', { name: 'Python', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const isSdk = (await block.getAttribute('aria-label'))?.endsWith('(Python SDK) example');
      await expect(block.locator('code')).toContainText(
        isSdk ? 'from conduitapi import Conduit' : 'urllib.request',
      );
    }

    const first = blocks.first();
    await first.getByRole('button', { name: 'Copy the Create a video example' }).click();
    await expect(first.getByRole('status')).toHaveText('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await first.locator('code').textContent());
    expect(copied).toContain(`"${new URL(page.url()).origin}/api/provider/video"`);
    expect(copied).toContain(API_KEY_PLACEHOLDER);

    // The choice is remembered: a linked tab opens in Python.
    await open(page, '/docs?tab=linkedin');
    await expect(page.getByRole('figure').first().locator('code')).toContainText('urllib.request');
  });

  test('the first load of /docs carries no schema code; a tab fetches it when opened', async ({ page }) => {
    const scripts = watchScripts(page);
    await open(page, '/docs');
    await expect(page.locator('#errors')).toContainText('INSUFFICIENT_CREDITS');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.hasZod)).toEqual([]);

    await page.getByRole('tab', { name: 'Image API' }).click();
    await expect(page.getByRole('table', { name: 'Generate an image: body fields' })).toBeVisible();
    expect(scripts.some((script) => script.hasZod)).toBe(true);
  });

  test("a link to an endpoint on another tab lands on it once the tab's code has arrived", async ({
    page,
  }) => {
    await open(page, '/docs?tab=video#getVideoStatus');
    await expect(page.getByRole('heading', { level: 3, name: 'Video task status' })).toBeInViewport();
  });

  test('works on a phone: the tabs scroll, the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/docs?tab=image');
    await page.getByRole('tab', { name: 'Image API' }).focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Pricing' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Pricing' })).toBeInViewport();
    await expect(page).toHaveURL(/\?tab=pricing$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a signed-in user puts their own key into the examples of /app/docs', async ({ page }) => {
  await verifiedAccount(page, 'docs');
  await open(page, '/app/api-keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByLabel('Key name').fill('Docs key');
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: /^Copy .*_live_/ }).click();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/_live_/);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API Docs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Docs' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Documentation sections' }).getByRole('tab')).toHaveText([
    'Overview',
    'Authentication',
    'Image',
    'Video',
    'Sora',
    'LinkedIn',
    'Tasks',
    'Testing',
    'Changelog',
    'Examples',
  ]);
  await page.getByRole('tab', { name: 'Examples' }).click();
  // The examples carry the user's key from the start; the placeholder is a choice.
  const firstCode = page.getByRole('figure').first().locator('code');
  await expect(firstCode).toContainText(key);
  await expect(firstCode).not.toContainText(API_KEY_PLACEHOLDER);
  const picker = page.getByLabel('API key in the examples');
  await picker.selectOption({ label: `Placeholder (${API_KEY_PLACEHOLDER})` });
  await expect(firstCode).toContainText(API_KEY_PLACEHOLDER);
  await picker.selectOption({ label: 'Docs key' });
  await expect(firstCode).toContainText(key);
  await expectNoA11yViolations(page);
  await page.getByRole('tab', { name: 'LinkedIn' }).click();
  await expect(page.getByRole('figure').first().locator('code')).toContainText(key);
});
