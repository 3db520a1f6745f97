import { FREE_CREDITS_ON_VERIFY, PLAYGROUND_KEY, PLAYGROUND_KEY_TEXTS, TEAM_TEXTS } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { verifiedAccount } from './auth-flows.ts';
import { expectNoSevereA11yViolations, open, PHONE, screenshotPath } from './helpers.ts';
import { latestMailWithSubject, linkPathIn } from './outbox.ts';

const WIDE = { width: 1366, height: 900 };

/** A full-page screenshot at the wide then the phone size, left at `screenshotPath(name-size)`. */
async function shootBothSizes(page: Page, name: string) {
  for (const [size, viewport] of [
    ['wide', WIDE],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`${name}-${size}`), fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

test('a new user runs a first image from the playground with a key made there in one click', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await verifiedAccount(page, 'first-hour');
  await page.getByRole('link', { name: 'Open the playground' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
  await expect(page.getByText(PLAYGROUND_KEY_TEXTS.offer)).toBeVisible();
  await shootBothSizes(page, 'first-hour-playground-offer');

  await page.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.create }).click();
  const picker = page.getByRole('combobox', { name: 'API key' });
  await expect(picker).toHaveValue(/^key_/);
  await expect(picker.getByRole('option', { selected: true })).toHaveText(PLAYGROUND_KEY.name);
  await expect(page.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.create })).toBeHidden();

  const panel = page.getByRole('tabpanel', { name: 'Image generation' });
  await panel.getByRole('button', { name: 'Run' }).click();
  const img = panel.getByRole('img', { name: /^Generated image/ });
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(panel).toContainText(`Balance after the call: ${FREE_CREDITS_ON_VERIFY - 1} credits`);
  await expectNoSevereA11yViolations(page);
  await shootBothSizes(page, 'first-hour-playground-result');

  // The key is an ordinary one, listed with its daily budget, and a second click would reuse it.
  await open(page, '/app/api-keys');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: PLAYGROUND_KEY.name }) });
  await expect(row).toContainText(`1 / ${PLAYGROUND_KEY.dailyCredits} credits`);
  await expect(row).toContainText('per day');
  const again = await page.request.post('/api/keys/playground');
  expect(await again.json()).toMatchObject({ created: false, message: PLAYGROUND_KEY_TEXTS.reused });
  await expect(page.getByRole('row')).toHaveCount(2);
});

test("a billing member's dashboard offers billing, not keys or the playground, and opens no event stream", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const teamName = `Ledger ${Date.now().toString(36)}`;
  await verifiedAccount(page, 'first-hour-owner');
  const team = await page.request.post('/api/teams', { data: { name: teamName } });
  expect(team.status()).toBe(201);
  const teamId = (await team.json()).team.id as string;

  const billing = await (await browser.newContext()).newPage();
  await billing.setViewportSize(WIDE);
  const billingEmail = await verifiedAccount(billing, 'first-hour-billing');
  const invited = await page.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: billingEmail, role: 'billing' },
  });
  expect(invited.status()).toBe(201);
  const mail = await latestMailWithSubject(billingEmail, TEAM_TEXTS.invitationSubject);
  await open(billing, linkPathIn(mail, '/invite/'));
  await billing.getByRole('button', { name: 'Join team' }).click();
  await expect(billing).toHaveURL(/\/app$/);

  // From a fresh load: no event stream is asked for, and nothing the role may not read.
  const streams: string[] = [];
  const refused: string[] = [];
  billing.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
  });
  billing.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await open(billing, '/app');
  const actions = billing.getByRole('region', { name: 'Billing' });
  await expect(actions.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/app/credits');
  await expect(billing.getByRole('region', { name: 'Credits spent' })).toBeVisible();
  await expect(billing.getByRole('region', { name: 'Credits balance' })).toBeVisible();
  await expect(billing.getByRole('heading', { name: 'Usage in the last 30 days' })).toBeVisible();
  for (const name of ['Create a key', 'Open the playground'])
    await expect(billing.getByRole('link', { name })).toHaveCount(0);
  await expect(billing.getByRole('region', { name: 'Active keys' })).toHaveCount(0);
  await expectNoSevereA11yViolations(billing);
  await shootBothSizes(billing, 'first-hour-billing-dashboard');
  expect(streams).toEqual([]);
  expect(refused).toEqual([]);
});
