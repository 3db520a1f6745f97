import { ADMIN_TEXTS, CREDIT_PACKAGES, FREE_CREDITS_ON_VERIFY, SERVICE_COST } from '@conduit/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-session.ts';
import { PASSWORD, verifiedAccount } from './auth-flows.ts';
import { expectNoSevereA11yViolations, open } from './helpers.ts';
import { uniqueEmail, verificationLinkFor } from './outbox.ts';

const DEVELOPER = CREDIT_PACKAGES.developer;

/**
 * A customer made through the API (sign-up, verification by the outbox mail, a key, one LinkedIn
 * call, the developer pack bought on the TEST MODE checkout), so the admin figures have real rows.
 */
async function payingCustomer(api: APIRequestContext) {
  const email = uniqueEmail('customer');
  expect((await api.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await api.get(`/api${await verificationLinkFor(email)}`)).ok()).toBe(true);
  const created = await api.post('/api/keys', { data: { keyName: 'Admin journey' } });
  const { key } = await created.json();
  const call = await api.post('/api/provider/linkedin', {
    headers: { 'X-API-Key': key.keyValue },
    data: { username: 'satyanadella' },
  });
  expect(call.status(), await call.text()).toBe(200);
  const checkout = await api.post('/api/payments/create-checkout-session', {
    data: { package: 'developer' },
  });
  const sessionId = new URL((await checkout.json()).url).pathname.split('/').at(-1) as string;
  const paid = await api.post(`/api/payments/sandbox/${encodeURIComponent(sessionId)}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  // The return page's verify call credits the payment, as the browser's return would.
  const verified = await api.post('/api/payments/verify-payment', { data: { sessionId } });
  expect((await verified.json()).success).toBe(true);
  return { email, balance: FREE_CREDITS_ON_VERIFY - SERVICE_COST.linkedin + DEVELOPER.credits };
}

/** The customer's own browser, signed in with the API session, opens its call from /app and rates it 4 of 5. */
async function rateFirstCall(browser: Browser, api: APIRequestContext) {
  const context = await browser.newContext({ storageState: await api.storageState() });
  const page = await context.newPage();
  await open(page, '/app');
  const row = page.getByRole('table', { name: 'Recent calls' }).getByRole('row').nth(1);
  await row.getByRole('link', { name: /^Open call / }).click();
  const rating = page.getByRole('region', { name: 'Rate this result' });
  await rating.locator('label', { has: page.getByRole('radio', { name: '4 of 5' }) }).click();
  await rating.getByRole('button', { name: 'Save rating' }).click();
  await expect(rating.getByRole('status')).toHaveText('Your rating: 4 of 5');
  await page.reload();
  await expect(rating.getByRole('radio', { name: '4 of 5' })).toBeChecked();
  await expect(rating.getByRole('status')).toHaveText('Your rating: 4 of 5');
  await context.close();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const figureOf = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).locator('p').first();
/** The first number in a text ("Revenue$1,039.99" reads 1039.99; a cell repeats its column on phones). */
const toNumber = (text: string | null) =>
  Number((text ?? '').match(/\d[\d,]*(\.\d+)?/)?.[0].replace(/,/g, ''));

async function openTab(page: Page, name: string, search: string) {
  await tab(page, name).click();
  await expect(page).toHaveURL(new RegExp(`/admin${search.replace('?', '\\?')}$`));
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

test('a user without an admin role reads Access Denied, and the admin API refuses them', async ({ page }) => {
  await verifiedAccount(page, 'not-admin');
  await open(page, '/admin');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.accessDenied })).toBeVisible();
  await expect(page.getByText(ADMIN_TEXTS.adminRequired)).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/app$/);
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
});

test('an admin reads real figures on every tab, adds and edits a user, and sees it in the audit log', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const customerApi = await playwright.request.newContext({ baseURL });
  const customer = await payingCustomer(customerApi);
  await rateFirstCall(browser, customerApi);

  await signInAsAdmin(page.request);
  await open(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  // Overview: the accounts and the payment above are counted.
  await expect(figureOf(page, 'Total users')).toHaveText(/^\d+$/);
  const usersBefore = toNumber(await figureOf(page, 'Total users').textContent());
  expect(usersBefore).toBeGreaterThanOrEqual(2);
  expect(toNumber(await figureOf(page, 'Total revenue').textContent())).toBeGreaterThanOrEqual(
    DEVELOPER.price / 100,
  );
  await expect(figureOf(page, 'Uptime')).toHaveText(/\d+[smhd]/);
  await expectNoSevereA11yViolations(page);

  // Users: Add user invites a new account, which the table then lists as never signed in.
  await openTab(page, 'Users', '?tab=users');
  const invited = uniqueEmail('invited');
  await page.getByRole('button', { name: 'Add user' }).click();
  const invite = page.getByRole('dialog', { name: 'Add user' });
  await invite.getByLabel('Email').fill(invited);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(invited);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('row').nth(1)).toContainText('Never');

  // Edit the customer: the premium plan with its own per-minute limit, then 100 credits with a reason.
  await search.fill(customer.email);
  const row = users.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText(customer.balance.toLocaleString('en-US'));
  await expect(row).not.toContainText('Premium');
  await expectNoSevereA11yViolations(page);
  await row.getByRole('button', { name: `Edit ${customer.email}` }).click();
  let edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Plan').selectOption('premium');
  await edit.getByLabel('Requests per minute').fill('2000');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Premium');

  await row.getByRole('button', { name: `Edit ${customer.email}` }).click();
  edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Amount').fill('100');
  await edit.getByLabel('Reason').fill('E2E goodwill credit');
  await edit.getByRole('button', { name: 'Adjust credits' }).click();
  const balance = customer.balance + 100;
  await expect(edit.getByRole('status')).toContainText(
    `The balance is now ${balance.toLocaleString('en-US')} credits`,
  );
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText(balance.toLocaleString('en-US'));

  // Overview again: the invited account is counted (others may have signed up meanwhile).
  await openTab(page, 'Overview', '');
  await expect
    .poll(async () => toNumber(await figureOf(page, 'Total users').textContent()))
    .toBeGreaterThanOrEqual(usersBefore + 1);

  // Revenue: this month holds at least the developer pack.
  await openTab(page, 'Revenue', '?tab=revenue');
  await expect(page.getByRole('img', { name: /^Revenue by month/ })).toBeVisible();
  const months = page.getByRole('table', { name: 'Revenue by month' }).getByRole('row');
  await expect(months).toHaveCount(7);
  const thisMonth = toNumber(await months.nth(1).getByRole('cell').nth(1).textContent());
  expect(thisMonth).toBeGreaterThanOrEqual(DEVELOPER.price / 100);

  // Features: the LinkedIn call and its rating.
  await openTab(page, 'Features', '?tab=features');
  const linkedin = page
    .getByRole('table', { name: 'Feature usage' })
    .getByRole('row')
    .filter({ hasText: 'LinkedIn scraping' });
  await expect(linkedin).toContainText(/\d\.\d\s*\/ 5/);
  await expect(linkedin.getByText(/^(Good|High)$/)).toBeVisible();
  await expectNoSevereA11yViolations(page);

  // System Health: the database answers and the ledger adds up.
  await openTab(page, 'System Health', '?tab=health');
  await expect(page.getByRole('region', { name: 'Status' })).toBeVisible();
  const checks = page.getByRole('region', { name: 'Checks' });
  await expect(checks.getByRole('listitem').filter({ hasText: 'Database' })).toContainText('OK');
  await expect(checks.getByRole('listitem').filter({ hasText: 'Ledger' })).toContainText('OK');

  await openTab(page, 'Support', '?tab=support');
  await expect(page.getByRole('tabpanel', { name: 'Support' })).toBeVisible();

  // Audit log: both changes to the customer, and the invitation, newest first.
  await openTab(page, 'Audit log', '?tab=audit');
  const audit = page.getByRole('table', { name: 'Audit log' });
  const adjusted = audit
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ hasText: 'Credits adjusted' });
  await expect(adjusted).toContainText('E2E goodwill credit');
  const updated = audit
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ hasText: 'User updated' });
  await expect(updated).toContainText('→ enterprise');
  await expect(updated).toContainText('→ 2000');
  await expect(audit.getByRole('row').filter({ hasText: invited })).toContainText('invited');
  await expectNoSevereA11yViolations(page);

  // The tab survives a reload, and Back returns to the previous tab.
  await page.reload();
  await expect(tab(page, 'Audit log')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tab(page, 'Support')).toHaveAttribute('aria-selected', 'true');
  await customerApi.dispose();
});
