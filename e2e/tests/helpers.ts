import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React owns it (the landing is prerendered, then hydrated). */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}
