import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React owns it (the landing is prerendered, then hydrated). */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectNoSevereA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Where the journeys leave screenshots to look at (SCREENSHOT_DIR, else the system's temp folder). */
export const screenshotPath = (name: string) =>
  `${process.env.SCREENSHOT_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/conduit-screenshots`}/${name}.png`;
