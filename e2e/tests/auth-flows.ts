import { expect, type Locator, type Page } from '@playwright/test';
import { addApiKeyInUi, DESKTOP, open } from './helpers.ts';
import { uniqueEmail, verificationLinkFor } from './outbox.ts';

/** Sign-up and sign-in through the header modals, shared by the journeys. */
export const PASSWORD = 'correct horse battery';

export async function openModal(page: Page, view: 'Sign in' | 'Get started') {
  await open(page, '/');
  await page.getByRole('banner').getByRole('button', { name: view }).click();
  return page.getByRole('dialog');
}

/** Fills and sends the open sign-up form; the dialog then says where the link went. */
export async function submitSignUp(dialog: Locator, email: string) {
  const form = dialog.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText(email)).toBeVisible();
}

export async function signUp(page: Page, email: string) {
  const dialog = await openModal(page, 'Get started');
  await submitSignUp(dialog, email);
  return dialog;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  const dialog = await openModal(page, 'Sign in');
  const form = dialog.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  return form;
}

/** A new account, signed up and verified through the outbox mail: the page ends signed in on /app. */
export async function verifiedAccount(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signUp(page, email);
  await open(page, await verificationLinkFor(email));
  await expect(page).toHaveURL(/\/app$/, { timeout: 10_000 });
  return email;
}

/**
 * A verified account (see verifiedAccount), seen at desktop size, that creates an API key through
 * the keys page (see addApiKeyInUi). Answers the key's table row.
 */
export async function accountWithApiKey(
  page: Page,
  label: string,
  keyName: string,
  choose?: (dialog: Locator) => Promise<unknown>,
) {
  await verifiedAccount(page, label);
  await page.setViewportSize(DESKTOP);
  return addApiKeyInUi(page, keyName, choose);
}
