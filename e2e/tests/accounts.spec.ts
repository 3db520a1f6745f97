import { AUTH_ERROR_TEXTS, AUTH_FORM_TEXTS } from '@conduit/contracts';
import { expect, test } from '@playwright/test';
import { openModal, PASSWORD, signIn, signUp, verifiedAccount } from './auth-flows.ts';
import { open } from './helpers.ts';
import { uniqueEmail, verificationLinkFor } from './outbox.ts';

test.describe('accounts', () => {
  test('sign up, verify by the outbox mail, land in /app with 20 credits', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    const dialog = await signUp(page, email);
    await expect(dialog.getByRole('button', { name: 'Back to login' })).toBeVisible();

    await open(page, await verificationLinkFor(email));
    await expect(page.getByText(/verified/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/app$/, { timeout: 10_000 });
    await expect(page.getByRole('region', { name: 'Credits balance' })).toContainText('20');
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('signing in before verifying shows the unverified error and resends the mail', async ({ page }) => {
    const email = uniqueEmail('early');
    await signUp(page, email);
    const form = await signIn(page, email);
    await expect(form.getByText(AUTH_ERROR_TEXTS.notVerified)).toBeVisible();
    await form.getByRole('button', { name: /resend/i }).click();
    await expect(form.getByText(AUTH_FORM_TEXTS.emailSent)).toBeVisible();
  });

  test('the sign-in form shows each validation and server text when provoked', async ({ page }) => {
    const dialog = await openModal(page, 'Sign in');
    const form = dialog.getByRole('form', { name: 'Sign in' });
    const email = form.getByLabel('Email');
    const submit = form.getByRole('button', { name: 'Sign in' });
    await expect(submit).toBeDisabled();

    await email.focus();
    await email.blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.emailRequired)).toBeVisible();
    await email.fill('not-an-email');
    await expect(form.getByText(AUTH_FORM_TEXTS.emailRequired)).toBeHidden();
    await email.blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.emailInvalid, { exact: true })).toBeVisible();
    const password = form.getByLabel('Password');
    await password.focus();
    await password.blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.passwordRequired)).toBeVisible();

    await email.fill(uniqueEmail('nobody'));
    await password.fill('wrong password');
    await submit.click();
    await expect(form.getByText(AUTH_ERROR_TEXTS.loginInvalid)).toBeVisible();
  });

  test('the sign-up form shows each validation, help and server text when provoked', async ({ page }) => {
    const existing = await verifiedAccount(page, 'taken');
    await page.context().clearCookies();
    const dialog = await openModal(page, 'Get started');
    const form = dialog.getByRole('form', { name: 'Create account' });
    const submit = form.getByRole('button', { name: 'Create account' });
    await expect(form.getByText(AUTH_FORM_TEXTS.passwordHelp)).toBeVisible();
    await expect(form.getByText(AUTH_FORM_TEXTS.confirmHelpEnterFirst)).toBeVisible();

    await form.getByLabel('Email').fill(existing);
    await form.getByLabel('Password', { exact: true }).fill('12345');
    await form.getByLabel('Password', { exact: true }).blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.passwordTooShort, { exact: true })).toBeVisible();
    await expect(form.getByText(AUTH_FORM_TEXTS.confirmHelpConfirm)).toBeVisible();
    const confirm = form.getByLabel('Confirm password');
    await confirm.focus();
    await confirm.blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.confirmRequired)).toBeVisible();
    await confirm.fill('different');
    await confirm.blur();
    await expect(form.getByText(AUTH_FORM_TEXTS.passwordsDiffer, { exact: true })).toBeVisible();
    await expect(submit).toBeDisabled();

    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.fill(PASSWORD);
    await submit.click();
    await expect(form.getByText(AUTH_ERROR_TEXTS.userExists)).toBeVisible();
  });

  test('sign in, change the password, sign out, sign in with the new one, then delete the account', async ({
    page,
  }) => {
    const email = await verifiedAccount(page, 'lifecycle');
    await page.context().clearCookies();

    await signIn(page, email);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByText(AUTH_FORM_TEXTS.signedIn).first()).toBeVisible();

    await open(page, '/app/settings');
    await page.getByRole('button', { name: 'Change password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
    await passwordDialog.getByLabel('Current password').fill(PASSWORD);
    await passwordDialog.getByLabel('New password').fill('a new secret');
    await passwordDialog.getByLabel('Confirm password').fill('another secret');
    await passwordDialog.getByRole('button', { name: 'Save password' }).click();
    await expect(passwordDialog.getByText(AUTH_ERROR_TEXTS.setPasswordMismatch)).toBeVisible();
    await passwordDialog.getByLabel('New password').fill('short');
    await passwordDialog.getByLabel('Confirm password').fill('short');
    await passwordDialog.getByRole('button', { name: 'Save password' }).click();
    await expect(passwordDialog.getByText(AUTH_ERROR_TEXTS.setPasswordTooShort)).toBeVisible();
    await passwordDialog.getByLabel('New password').fill('a new secret');
    await passwordDialog.getByLabel('Confirm password').fill('a new secret');
    await passwordDialog.getByRole('button', { name: 'Save password' }).click();
    await expect(passwordDialog).toBeHidden();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const oldPassword = await signIn(page, email);
    await expect(oldPassword.getByText(AUTH_ERROR_TEXTS.loginInvalid)).toBeVisible();
    await page.keyboard.press('Escape');
    await signIn(page, email, 'a new secret');
    await expect(page).toHaveURL(/\/app$/);

    await open(page, '/app/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete account' });
    await deleteDialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(deleteDialog.getByText(AUTH_ERROR_TEXTS.deletePasswordRequired)).toBeVisible();
    await deleteDialog.getByLabel('Password').fill('a new secret');
    await deleteDialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const gone = await signIn(page, email, 'a new secret');
    await expect(gone.getByText(AUTH_ERROR_TEXTS.loginInvalid)).toBeVisible();
  });

  test('the verify page says when a link is missing or invalid', async ({ page }) => {
    await open(page, '/auth/verify-email');
    await expect(page.getByText(AUTH_ERROR_TEXTS.noToken)).toBeVisible();
    await open(page, '/auth/verify-email?token=not-a-real-token');
    await expect(page.getByText(AUTH_ERROR_TEXTS.verifyFailed)).toBeVisible();
  });

  test('signed in, the header shows the account menu and a pricing button leads to Credits with its pack', async ({
    page,
  }) => {
    const email = await verifiedAccount(page, 'menu');
    await open(page, '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').or(page.getByRole('dialog')).getByText(email)).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(page.getByText(email)).toBeHidden();
    await page.locator('#pricing').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/app\/credits\?pack=starter$/);
    await expect(page.getByRole('radio', { name: 'Starter' })).toBeChecked();
  });
});
