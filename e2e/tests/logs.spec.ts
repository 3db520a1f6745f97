import { keyScopeMessage, REQUEST_LOG_TEXTS, SERVICE_LABELS } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { accountWithApiKey } from './auth-flows.ts';
import { checkAtBothSizes, copyApiKey, DESKTOP } from './helpers.ts';

const KEY_NAME = 'Image only';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a 402 and a 403 made with a key are on the Logs page, with their error text', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A key allowed image only, with 1 credit a day: a video call is refused 402, a Sora call 403.
  const row = await accountWithApiKey(page, 'logs', KEY_NAME, async (create) => {
    await create.getByLabel(SERVICE_LABELS.sora).uncheck();
    await create.getByLabel('Spend limit').selectOption('day');
    await create.getByLabel('Credits').fill('1');
  });
  const apiKey = await copyApiKey(page, row);

  const headers = { 'x-api-key': apiKey };
  const video = await request.post('/api/provider/video', { headers, data: { prompt: 'a fox' } });
  expect(video.status()).toBe(402);
  const sora = await request.post('/api/provider/sora-watermark-remover', {
    headers,
    data: { video_url: 'https://sora.chatgpt.com/p/s_123' },
  });
  expect(sora.status()).toBe(403);

  // The page asks once when it opens: both rows there mean both were written by then.
  await page.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: REQUEST_LOG_TEXTS.title })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row').filter({ hasText: 'KEY_SPEND_LIMIT' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'KEY_SCOPE' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('4xx');
  await page.getByRole('combobox', { name: 'Service' }).selectOption('sora');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the 403
  await table.getByRole('button', { name: /^Details of request / }).click();
  const details = page.getByRole('dialog', { name: 'Request details' });
  await expect(details).toContainText(keyScopeMessage('sora'));
  await expect(details).toContainText('/api/provider/sora-watermark-remover');
  await checkAtBothSizes(page, 'logs-details');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('combobox', { name: 'Service' }).selectOption('');
  await expect(table.getByRole('row').filter({ hasText: 'KEY_SPEND_LIMIT' })).toBeVisible();
  await checkAtBothSizes(page, 'logs');
  await page.setViewportSize(DESKTOP);
  const csv = await page.request.get(
    (await page.getByRole('link', { name: REQUEST_LOG_TEXTS.exportCsv }).getAttribute('href')) as string,
  );
  const text = await csv.text();
  expect(text).toContain(',402,KEY_SPEND_LIMIT,');
  expect(text).toContain(',403,KEY_SCOPE,');
});
