import {
  CREDIT_PACKAGES,
  findEndpoint,
  formatCents,
  PAYMENT_MESSAGES,
  SERVICE_COST,
  TEAM_TEXTS,
} from '@conduit/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { submitSignUp, verifiedAccount } from './auth-flows.ts';
import { checkAtBothSizes, open, PHONE, screenshotPath } from './helpers.ts';
import { latestMailWithSubject, linkPathIn, uniqueEmail, verificationLinkFor } from './outbox.ts';

const DEVELOPER_PACK = CREDIT_PACKAGES.developer;
const KEY_NAME = 'Team key';

const sidebar = (page: Page) => page.getByRole('complementary');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const balanceFigure = (page: Page, value: number) =>
  page
    .getByRole('region', { name: 'Credits balance' })
    .getByText(value.toLocaleString('en-US'), { exact: true });

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** The owner invites `email` with `role` from /app/team; returns the link from the mail. */
async function invite(page: Page, email: string, role: 'Developer' | 'Billing') {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const sent = page.getByRole('dialog', { name: TEAM_TEXTS.invited });
  await expect(sent).toContainText(email);
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(email);
  const mail = await latestMailWithSubject(email, TEAM_TEXTS.invitationSubject);
  return linkPathIn(mail, '/invite/');
}

async function joinFromInvitePage(page: Page, teamName: string) {
  await expect(page.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Join team' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(notifications(page)).toContainText(TEAM_TEXTS.joined);
  await expect(sidebar(page).getByTestId('current-workspace')).toHaveText(teamName);
}

test('a team: invite by mail, a member signs up through the link, calls with a team key; billing buys but sees no keys', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const teamName = `Acme ${Date.now().toString(36)}`;

  // The owner creates the team from the sidebar's switcher and lands on its page.
  const owner = await verifiedAccount(page, 'team-owner');
  await sidebar(page)
    .getByRole('button', { name: /Switch workspace/ })
    .click();
  await sidebar(page).getByRole('button', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await create.getByLabel('Team name').fill(teamName);
  await create.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/app\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(sidebar(page).getByTestId('current-workspace')).toHaveText(teamName);
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(owner);

  const developerEmail = uniqueEmail('team-dev');
  const billingEmail = uniqueEmail('team-billing');
  const developerLink = await invite(page, developerEmail, 'Developer');
  const billingLink = await invite(page, billingEmail, 'Billing');

  // Billing: an existing account joins, has no keys or playground, and buys a pack for the team.
  const billing = await newPage(browser);
  await verifiedAccount(billing, 'team-billing-own');
  await open(billing, billingLink);
  await expect(billing.getByText(TEAM_TEXTS.invitationOtherEmail)).toBeVisible();
  await billing.context().clearCookies();
  await signUpThroughInvite(billing, billingLink, billingEmail);
  await joinFromInvitePage(billing, teamName);
  await expect(nav(billing).getByRole('link', { name: 'Credits' })).toBeVisible();
  await expect(nav(billing).getByRole('link', { name: 'API Keys' })).toHaveCount(0);
  await expect(nav(billing).getByRole('link', { name: 'Playground' })).toHaveCount(0);
  await open(billing, '/app/api-keys');
  await expect(billing.getByText(TEAM_TEXTS.roleForbidden('billing'))).toBeVisible();
  const refused = await billing.request.get('/api/keys');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe(TEAM_TEXTS.roleForbidden('billing'));

  await open(billing, '/app/credits');
  await billing.getByRole('radio', { name: /Developer/ }).check();
  const pay = `Pay ${formatCents(DEVELOPER_PACK.price)}`;
  await billing.getByRole('button', { name: pay }).click();
  await expect(billing).toHaveURL(/\/sandbox-checkout\//);
  await billing.getByRole('button', { name: pay }).click();
  await expect(billing).toHaveURL(/\/app\/credits$/);
  await expect(notifications(billing)).toContainText(PAYMENT_MESSAGES.credited(DEVELOPER_PACK.credits));
  await expect(balanceFigure(billing, DEVELOPER_PACK.credits)).toBeVisible();

  // The developer opens the mailed link signed out, creates an account from it and comes back.
  const developer = await newPage(browser);
  await signUpThroughInvite(developer, developerLink, developerEmail);
  await joinFromInvitePage(developer, teamName);
  await open(developer, '/app/api-keys');
  await developer.getByRole('button', { name: 'Create key' }).click();
  const keyDialog = developer.getByRole('dialog', { name: 'Create API key' });
  await keyDialog.getByLabel('Key name').fill(KEY_NAME);
  await keyDialog.getByRole('button', { name: 'Create key' }).click();
  const item = developer
    .getByRole('row')
    .filter({ has: developer.getByRole('rowheader', { name: KEY_NAME }) });
  await expect(item).toContainText(developerEmail);
  await item.getByRole('button', { name: `Reveal key ${KEY_NAME}` }).click();
  // Reveal shows the whole key in a block of its own under the masked one.
  const apiKey = ((await item.locator('code').textContent()) ?? '').trim();
  expect(apiKey).toMatch(/_live_/);

  // A plain HTTP call with the team's key, as curl would make it: the team's balance pays.
  const endpoint = findEndpoint('scrapeLinkedin');
  const call = await fetch(new URL(endpoint.path, baseURL), {
    method: endpoint.method,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'satyanadella' }),
  });
  expect(call.status).toBe(200);
  expect(await call.json()).toMatchObject({ success: true, data: { creditsUsed: SERVICE_COST.linkedin } });

  // The owner sees the balance drop and the log of what happened.
  await open(page, '/app');
  await expect(balanceFigure(page, DEVELOPER_PACK.credits - SERVICE_COST.linkedin)).toBeVisible();
  await open(page, '/app/team');
  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log).toContainText(`${developerEmail} created the API key "${KEY_NAME}"`);
  await expect(log).toContainText(`${developerEmail} joined the team as Developer`);
  await expect(log).toContainText(`${billingEmail} bought ${DEVELOPER_PACK.credits} credits`);
  await expect(log).toContainText(`${owner} invited ${developerEmail} as Developer`);
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members).toContainText(developerEmail);
  await expect(members).toContainText(billingEmail);

  await checkAtBothSizes(page, 'team-page');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await sidebar(page)
    .getByRole('button', { name: /Switch workspace/ })
    .click();
  await expect(sidebar(page).getByRole('list', { name: 'Workspaces' })).toContainText(teamName);
  await page.screenshot({ path: screenshotPath('team-switcher-phone') });
});

/** Opens the invitation signed out, signs up from its link, verifies by mail and lands back on it. */
async function signUpThroughInvite(page: Page, link: string, email: string) {
  await open(page, link);
  await page.getByRole('link', { name: 'Create account' }).click();
  await submitSignUp(page.getByRole('dialog'), email);
  await open(page, await verificationLinkFor(email));
  await expect(page).toHaveURL(new RegExp(`${link}$`), { timeout: 10_000 });
}

test('the next parameter only leads to pages of this site', async ({ page, baseURL }) => {
  for (const attempt of ['//evil.example', 'https://evil.example/']) {
    await open(page, `/?auth=signup&next=${encodeURIComponent(attempt)}`);
    const email = uniqueEmail('next-param');
    await submitSignUp(page.getByRole('dialog'), email);
    await open(page, await verificationLinkFor(email));
    await expect(page).toHaveURL(`${baseURL}/app`, { timeout: 10_000 });
    await page.context().clearCookies();
  }
});
