import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openModal, PASSWORD, signIn, signUp, verifiedAccount } from './auth-flows.ts';
import { open } from './helpers.ts';
import { latestMailWithSubject, linkPathIn, uniqueEmail, verificationLinkFor } from './outbox.ts';

/** A second browser: its own cookies, as another device would have. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** A new verified account signed in on `page` (see verifiedAccount), and another browser without it. */
async function accountAndOtherBrowser(page: Page, browser: Browser, label: string) {
  const email = await verifiedAccount(page, label);
  return { email, other: await otherBrowser(browser) };
}

const codeFor = (secret: string, stepsFromNow = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsFromNow * 30_000 });

test.describe('account security', () => {
  test('forgot password: the mailed link sets a new one, signs this browser in and the others out', async ({
    page,
    browser,
  }) => {
    const { email, other: elsewhere } = await accountAndOtherBrowser(page, browser, 'forgetful');
    const dialog = await openModal(elsewhere, 'Sign in');
    await dialog.getByRole('button', { name: T.forgotPassword }).click();
    const form = dialog.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText(T.forgotAccepted)).toBeVisible();

    const mail = await latestMailWithSubject(email, 'Reset your Conduit password');
    await open(elsewhere, linkPathIn(mail, '/auth/reset-password'));
    await elsewhere.getByLabel('New password', { exact: true }).fill('a fresh start');
    await elsewhere.getByLabel('Confirm password', { exact: true }).fill('a fresh start');
    await elsewhere.getByRole('button', { name: 'Save new password' }).click();
    await expect(elsewhere).toHaveURL(/\/app$/);
    await expect(elsewhere.getByText(email).first()).toBeVisible();

    await page.reload();
    await expect(page).not.toHaveURL(/\/app/);
    const old = await signIn(page, email, PASSWORD);
    await expect(old.getByText(/Invalid email or password/)).toBeVisible();
  });

  test('two-factor authentication: enrol with the QR key, then sign in with a code', async ({
    page,
    browser,
  }) => {
    const email = await verifiedAccount(page, 'two-step');
    await open(page, '/app/settings');
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await dialog.getByRole('button', { name: /^Copy / }).textContent()) ?? '')
      .replace('Copy', '')
      .trim();
    await dialog.getByLabel('Code from the app').fill(codeFor(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(/^On\. Signing in asks for a code/)).toBeVisible();

    const laptop = await otherBrowser(browser);
    const form = await signIn(laptop, email);
    await expect(form).toBeHidden();
    const step = laptop.getByRole('form', { name: 'Two-factor authentication' });
    await step.getByLabel('Authentication code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText(T.twoFactorCodeWrong)).toBeVisible();
    await step.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(laptop).toHaveURL(/\/app$/);
  });

  test('sessions: the list shows both browsers and signing one out ends it there', async ({
    page,
    browser,
  }) => {
    const { email, other: phone } = await accountAndOtherBrowser(page, browser, 'two-browsers');
    await signIn(phone, email);
    await expect(phone).toHaveURL(/\/app$/);

    await open(page, '/app/settings');
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await sessions.getByRole('button', { name: /^Sign out .+ on / }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    await phone.reload();
    await expect(phone).not.toHaveURL(/\/app/);
  });

  test('a verification link opened in another browser asks for the password, or leads the owner to a reset', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('squatted');
    await signUp(page, email);
    const owner = await otherBrowser(browser);
    await open(owner, await verificationLinkFor(email));
    await expect(owner.getByRole('heading', { name: 'Confirm it is your account' })).toBeVisible();
    await owner.getByRole('button', { name: T.notMyAccount }).click();
    await expect(owner).toHaveURL(/\/auth\/reset-password\?token=/);
    await owner.getByLabel('New password', { exact: true }).fill('mine, not theirs');
    await owner.getByLabel('Confirm password', { exact: true }).fill('mine, not theirs');
    await owner.getByRole('button', { name: 'Save new password' }).click();
    await expect(owner).toHaveURL(/\/app$/);

    const squatter = await signIn(page, email, PASSWORD);
    await expect(squatter.getByText(/Invalid email or password/)).toBeVisible();
  });
});
