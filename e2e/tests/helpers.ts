import AxeBuilder from '@axe-core/playwright';
import { BILLING_TEXTS, CREDIT_PACKAGES, formatCents } from '@conduit/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a page and waits until React owns it (the landing is prerendered, then hydrated). */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}

/** What axe found on the page as it is now, each with the elements it found it on and why. */
async function a11yViolations(page: Page, severeOnly: boolean) {
  // axe reads colours as they are this instant: a notification fading in or out has half its
  // contrast. Let every finite animation end first (spinners and pulses run forever and stay), and
  // scan with reduced motion, as the app then shows and hides notifications without a fade: one
  // that starts leaving while axe runs (its timer ran out) would otherwise be read half faded.
  const reducesMotion = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  if (!reducesMotion) await page.emulateMedia({ reducedMotion: 'no-preference' });
  return results.violations
    .filter((v) => !severeOnly || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('; ')})`,
    );
}

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectNoSevereA11yViolations(page: Page) {
  expect(await a11yViolations(page, true)).toEqual([]);
}

/** axe finds no violation at all, minor ones included, on the page as it is now. */
export async function expectNoA11yViolations(page: Page) {
  expect(await a11yViolations(page, false)).toEqual([]);
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Where the journeys leave screenshots to look at (SCREENSHOT_DIR, else the system's temp folder). */
export const screenshotPath = (name: string) =>
  `${process.env.SCREENSHOT_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/conduit-screenshots`}/${name}.png`;

/**
 * At desktop then phone size: axe finds no serious violation, and a full-page screenshot (taken
 * from the top, so sticky bars sit where they belong) is left at `screenshotPath(name-size)`.
 */
export async function checkAtBothSizes(
  page: Page,
  name: string,
  desktop: { width: number; height: number } = DESKTOP,
) {
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSevereA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`${name}-${size}`), fullPage: true });
  }
}

/** The row of the API key named `name` in the table on /app/api-keys. */
export const apiKeyRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

/**
 * Creates an API key named `name` through the dialog on /app/api-keys; `choose` sets the dialog's
 * other fields before it is sent. Answers the key's table row.
 */
export async function addApiKeyInUi(
  page: Page,
  name: string,
  choose?: (dialog: Locator) => Promise<unknown>,
) {
  await open(page, '/app/api-keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByLabel('Key name').fill(name);
  await choose?.(create);
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create).toBeHidden();
  return apiKeyRow(page, name.trim());
}

/** Copies the key of `row` with its Copy button and answers the whole value, read from the clipboard. */
export async function copyApiKey(page: Page, row: Locator): Promise<string> {
  await row.getByRole('button', { name: /^Copy / }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Creates an API key on /app/api-keys and answers its whole value, copied from its table row. */
export async function createApiKeyInUi(page: Page, name: string): Promise<string> {
  return copyApiKey(page, await addApiKeyInUi(page, name));
}

/**
 * Records each script the page loads from now on, and whether it carries schema code: zod names
 * its schema classes in strings ("ZodObject"), minified or not.
 */
export function watchScripts(page: Page): { url: string; hasZod: boolean }[] {
  const scripts: { url: string; hasZod: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), hasZod: body.includes('ZodObject') });
  });
  return scripts;
}

/** Fills the billing details' fields on /app/credits (by their labels) and saves them. */
export async function saveBillingDetails(page: Page, fields: Record<string, string>) {
  const details = page.getByRole('region', { name: BILLING_TEXTS.detailsTitle });
  for (const [label, value] of Object.entries(fields)) {
    await details.getByLabel(label, { exact: true }).fill(value);
  }
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(BILLING_TEXTS.detailsSaved);
}

/** On /app/credits: picks the Starter pack, asks to save the card, and goes to the sandbox checkout. */
export async function checkOutStarterSavingCard(page: Page) {
  await page.getByRole('radio', { name: /Starter/ }).check();
  await page.getByLabel(BILLING_TEXTS.saveCardLabel).check();
  await page.getByRole('button', { name: `Pay ${formatCents(CREDIT_PACKAGES.starter.price)}` }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
}
