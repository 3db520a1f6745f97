import {
  KEY_SCREEN_TEXTS,
  keyScopeMessage,
  keySpendLimitMessage,
  SERVICE_LABELS,
  type Service,
} from '@conduit/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { accountWithApiKey } from './auth-flows.ts';
import { checkAtBothSizes, DESKTOP, expectNoSevereA11yViolations, open, PHONE } from './helpers.ts';

const KEY_NAME = 'Image only';

/** Runs the service's prefilled form in the playground; answers its panel once an answer shows. */
async function run(page: Page, service: Service, status: number): Promise<Locator> {
  const tab = page.getByRole('tab', { name: SERVICE_LABELS[service] });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: SERVICE_LABELS[service] });
  await panel.getByRole('button', { name: 'Run' }).click();
  await expect(panel.getByRole('heading', { name: `Answer HTTP ${status}` })).toBeVisible({
    timeout: 20_000,
  });
  return panel;
}

async function openPlayground(page: Page) {
  await open(page, '/app/playground');
  await expect(page.getByRole('combobox', { name: 'API key' })).toHaveValue(/^key_/);
}

test('a key limited to image with 1 credit a day is refused video and a second image; edited, it calls video', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const row = await accountWithApiKey(page, 'key-controls', KEY_NAME, async (create) => {
    for (const service of ['video', 'sora', 'linkedin'] as const) {
      await create.getByLabel(SERVICE_LABELS[service]).uncheck();
    }
    await create.getByLabel('Spend limit').selectOption('day');
    await create.getByLabel('Credits').fill('1');
    await checkAtBothSizes(page, 'keys-create-dialog');
    await page.setViewportSize(DESKTOP);
  });
  await expect(row.getByRole('listitem')).toHaveText(['Image']);
  await expect(row).toContainText('0 / 1 credits');
  await expect(row).toContainText('per day, resets');

  await openPlayground(page);
  const video = await run(page, 'video', 403);
  await expect(video.getByRole('alert')).toContainText(keyScopeMessage('video'));
  await expect(video.getByRole('alert')).toContainText('KEY_SCOPE');
  await run(page, 'image', 200);
  const image = await run(page, 'image', 402);
  await expect(image.getByRole('alert')).toContainText(keySpendLimitMessage(1, 1, 'day'));
  await expect(image.getByRole('alert')).toContainText('KEY_SPEND_LIMIT');

  await open(page, '/app/api-keys');
  await expect(row).toContainText('1 / 1 credits');
  await expect(row).toContainText(/127\.0\.0\.1|::1/); // last used from
  await row.getByRole('button', { name: `Edit key ${KEY_NAME}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API key' });
  await expect(edit).toContainText('1 / 1 credits');
  await edit.getByLabel(SERVICE_LABELS.video).check();
  await edit.getByLabel('Credits').fill('20');
  await checkAtBothSizes(page, 'keys-edit-dialog');
  await page.setViewportSize(DESKTOP);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('listitem')).toHaveText(['Image', 'Video']);
  await expect(row).toContainText('1 / 20 credits');

  await row.getByRole('button', { name: `Roll key ${KEY_NAME}` }).click();
  const roll = page.getByRole('dialog', { name: 'Roll API key' });
  await roll.getByLabel('After 1 hour').check();
  await roll.getByRole('button', { name: 'Roll key' }).click();
  const rolled = page.getByRole('dialog', { name: KEY_SCREEN_TEXTS.rolledTitle });
  await expect(rolled.getByRole('button', { name: /^Copy cnd_live_/ })).toBeVisible();
  await rolled.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText(/Old key works until/);

  await checkAtBothSizes(page, 'keys-page');
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);

  await openPlayground(page);
  const allowed = await run(page, 'video', 200);
  await expect(allowed.getByRole('alert')).toHaveCount(0);
  await expectNoSevereA11yViolations(page);
});
