import { AUTH_ERROR_TEXTS as E, AUTH_SERVER_MESSAGES as M, AUTH_FORM_TEXTS as T } from '@conduit/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, makeUser, type Reply } from '../../test/api-mock.ts';
import { descriptionOf, expectSubmitChecks, openAuthDialog } from '../../test/auth-helpers.tsx';

const EMAIL = 'grace@example.com';
const PASSWORD = 'secret12';

const registered = (emailSent = true): Reply => ({
  status: 201,
  body: {
    user: makeUser({ email: EMAIL, emailVerified: false }),
    emailSent,
    message: emailSent ? M.registered : M.registeredMailFailed,
  },
});

async function fillSignup(routes: Record<string, Reply | (() => Promise<Reply>)> = {}) {
  const opened = await openAuthDialog('signup', routes);
  const { user, dialog } = opened;
  await user.type(dialog.getByLabelText('Email'), EMAIL);
  await user.type(dialog.getByLabelText('Password', { exact: true }), PASSWORD);
  await user.type(dialog.getByLabelText('Confirm password'), PASSWORD);
  return opened;
}

describe('sign-up form', () => {
  it('shows the help texts, then a tick when the passwords match', async () => {
    const { user, dialog } = await openAuthDialog('signup');
    const password = dialog.getByLabelText('Password', { exact: true });
    const confirm = dialog.getByLabelText('Confirm password');
    expect(descriptionOf(password)).toBe(T.passwordHelp);
    expect(descriptionOf(confirm)).toBe(T.confirmHelpEnterFirst);
    await user.type(password, PASSWORD);
    expect(descriptionOf(confirm)).toBe(T.confirmHelpConfirm);
    await user.type(confirm, PASSWORD);
    expect(descriptionOf(confirm)).toBe('Passwords match');
  });

  it('shows every field error after blur and clears it on change', async () => {
    const { user, dialog } = await openAuthDialog('signup');
    const email = dialog.getByLabelText('Email');
    const password = dialog.getByLabelText('Password', { exact: true });
    const confirm = dialog.getByLabelText('Confirm password');

    // Each field in turn, reached by Tab: left empty it says `required`; typed into, its error
    // goes (the help, if any, is back); left again it says `wrong`.
    const checks: [HTMLElement, string, string, string | undefined, string][] = [
      [email, T.emailRequired, 'grace@', undefined, T.emailInvalid],
      [password, T.passwordRequired, '123', T.passwordHelp, T.passwordTooShort],
      [confirm, T.confirmRequired, '124', undefined, T.passwordsDiffer],
    ];
    await user.click(email);
    for (const [field, required, typed, help, wrong] of checks) {
      expect(field).toHaveFocus();
      await user.tab();
      expect(descriptionOf(field)).toBe(required);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      await user.type(field, typed);
      expect(field).not.toHaveAttribute('aria-invalid');
      if (help !== undefined) expect(descriptionOf(field)).toBe(help);
      await user.tab();
      expect(descriptionOf(field)).toBe(wrong);
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('keeps Create account disabled while a field is empty or the passwords differ', async () => {
    const { user, dialog } = await openAuthDialog('signup');
    const submit = dialog.getByRole('button', { name: 'Create account' });
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password', { exact: true }), PASSWORD);
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Confirm password'), `${PASSWORD}x`);
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Confirm password'), '{Backspace}');
    expect(submit).toBeEnabled();
  });

  it('runs the submit checks in order', async () => {
    const opened = await openAuthDialog('signup');
    await expectSubmitChecks(opened, 'Create account', [
      { alert: T.submitEmail, label: 'Email', text: EMAIL },
      { alert: T.submitPasswordSignup, label: 'Password', text: PASSWORD },
      { alert: T.submitConfirm, label: 'Confirm password', text: 'different' },
      { alert: T.submitPasswordsDiffer },
    ]);
    const { api } = opened;
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('stops at a field rule the submit checks do not cover', async () => {
    const { user, dialog, api } = await openAuthDialog('signup');
    await user.type(dialog.getByLabelText('Email'), 'grace@example');
    await user.type(dialog.getByLabelText('Password', { exact: true }), '12345');
    await user.type(dialog.getByLabelText('Confirm password'), '12345');
    await user.click(dialog.getByRole('button', { name: 'Create account' }));
    expect(descriptionOf(dialog.getByLabelText('Email'))).toBe(T.emailInvalid);
    expect(descriptionOf(dialog.getByLabelText('Password', { exact: true }))).toBe(T.passwordTooShort);
    expect(dialog.getByLabelText('Email')).toHaveFocus();
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it.each<[string, Reply, string]>([
    ['User already exists', errorReply(409, M.userExists, 'CONFLICT'), E.userExists],
    ['Invalid email', errorReply(400, M.invalidEmail), E.invalidEmail],
    ['Password must be ...', errorReply(400, M.passwordTooShort), E.passwordTooShort],
    ['All fields are required', errorReply(400, M.allFieldsRequired), E.fillAll],
    ['another message', errorReply(429, M.tooManyAttempts, 'RATE_LIMITED'), M.tooManyAttempts],
    ['no message', { status: 500, body: null }, E.fallback],
  ])('maps %s to its exact text', async (_case, reply, text) => {
    const { user, dialog } = await fillSignup({ 'POST /api/auth/register': reply });
    await user.click(dialog.getByRole('button', { name: 'Create account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });

  it('disables the button while the request runs', async () => {
    const pending = deferred<Reply>();
    const { user, dialog } = await fillSignup({ 'POST /api/auth/register': () => pending.promise });
    await user.click(dialog.getByRole('button', { name: 'Create account' }));
    expect(await dialog.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    pending.resolve(errorReply(409, M.userExists, 'CONFLICT'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(E.userExists);
  });

  it('sends email and password only, then replaces the form with the confirmation', async () => {
    const { user, dialog, api } = await fillSignup({ 'POST /api/auth/register': registered() });
    await user.click(dialog.getByRole('button', { name: 'Create account' }));

    const confirmation = await screen.findByRole('dialog', { name: 'Check your email' });
    expect(confirmation).toHaveTextContent(`We sent a verification link to ${EMAIL}`);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({ email: EMAIL, password: PASSWORD });
    // Registration does not sign in.
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Conduit' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's message when the mail could not be sent, with the resend option", async () => {
    const { user, dialog, api } = await fillSignup({
      'POST /api/auth/register': registered(false),
      'POST /api/auth/resend-verification': { body: { message: M.resendAccepted } },
    });
    await user.click(dialog.getByRole('button', { name: 'Create account' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Check your email' });
    expect(confirmation).toHaveTextContent(M.registeredMailFailed);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('button', { name: T.emailSent })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: EMAIL });
  });
});
