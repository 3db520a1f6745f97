import { AUTH_ERROR_TEXTS as E, AUTH_SERVER_MESSAGES as M, AUTH_FORM_TEXTS as T } from '@conduit/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorReply, makeUser, type Reply } from '../../test/api-mock.ts';
import { descriptionOf, expectSubmitChecks, openAuthDialog } from '../../test/auth-helpers.tsx';
import { BACK_TO_SIGN_IN } from './two-factor-form.tsx';

const EMAIL = 'ada@example.com';
const PASSWORD = 'secret12';

describe('sign-in form', () => {
  it('shows field errors after blur, tied to the field, and clears them on change', async () => {
    const { user, dialog } = await openAuthDialog('login');
    const email = dialog.getByLabelText('Email');
    const password = dialog.getByLabelText('Password');
    expect(email).toHaveFocus();
    expect(dialog.queryByText(T.emailRequired)).not.toBeInTheDocument();

    await user.tab();
    expect(dialog.getByText(T.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(email)).toBe(T.emailRequired);

    await user.type(email, 'ada');
    expect(dialog.queryByText(T.emailRequired)).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(password);
    expect(descriptionOf(email)).toBe(T.emailInvalid);

    await user.tab();
    expect(descriptionOf(password)).toBe(T.passwordRequired);
    await user.type(password, '12345');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(descriptionOf(password)).toBe(T.passwordTooShort);
  });

  it('keeps Sign in disabled until both fields are filled', async () => {
    const { user, dialog } = await openAuthDialog('login');
    const submit = dialog.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    expect(submit).toBeEnabled();
  });

  it('runs the submit checks before calling the server', async () => {
    const opened = await openAuthDialog('login');
    const { user, dialog, api } = opened;
    await expectSubmitChecks(opened, 'Sign in', [
      { alert: T.submitEmail, label: 'Email', text: EMAIL },
      { alert: T.submitPasswordLogin },
    ]);

    await user.type(dialog.getByLabelText('Password'), '123');
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(descriptionOf(dialog.getByLabelText('Password'))).toBe(T.passwordTooShort);
    expect(dialog.getByLabelText('Password')).toHaveFocus();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it.each<[string, Reply, string]>([
    ['Invalid credentials', errorReply(401, M.invalidCredentials, 'UNAUTHORIZED'), E.loginInvalid],
    ['User not found', errorReply(404, M.userNotFound, 'NOT_FOUND'), E.loginInvalid],
    ['Invalid email', errorReply(400, M.invalidEmail), E.invalidEmail],
    ['Password required', errorReply(400, M.passwordRequired), E.passwordMissing],
    ['Email required', errorReply(400, M.emailRequired), E.emailMissing],
    ['a deactivated account', errorReply(403, M.accountDisabled, 'FORBIDDEN'), M.accountDisabled],
    ['a response without a message', { status: 502, body: {} }, E.fallback],
  ])('maps %s to its exact text', async (_case, reply, text) => {
    const { user, dialog } = await openAuthDialog('login', { 'POST /api/auth/login': reply });
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(dialog.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it("offers to resend the verification link for an unverified email; it reads 'Email sent!' for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, dialog, api } = await openAuthDialog(
      'login',
      {
        'POST /api/auth/login': errorReply(403, M.emailNotVerified, 'EMAIL_NOT_VERIFIED'),
        'POST /api/auth/resend-verification': { body: { message: M.resendAccepted } },
      },
      true,
    );
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await dialog.findByText(E.notVerified)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Resend verification email' }));
    const sent = await dialog.findByRole('button', { name: T.emailSent });
    expect(sent).toBeDisabled();
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: EMAIL });

    await act(() => vi.advanceTimersByTimeAsync(4_800));
    expect(dialog.getByRole('button', { name: T.emailSent })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(dialog.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it('says so when the resend fails', async () => {
    const { user, dialog } = await openAuthDialog('login', {
      'POST /api/auth/login': errorReply(403, M.emailNotVerified, 'EMAIL_NOT_VERIFIED'),
      'POST /api/auth/resend-verification': errorReply(429, M.tooManyAttempts, 'RATE_LIMITED'),
    });
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    await user.click(await dialog.findByRole('button', { name: 'Resend verification email' }));
    expect(await dialog.findByText(E.resendFailed)).toBeInTheDocument();
  });

  it('disables the button while the request runs', async () => {
    const pending = deferred<Reply>();
    const { user, dialog } = await openAuthDialog('login', { 'POST /api/auth/login': () => pending.promise });
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await dialog.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    pending.resolve(errorReply(401, M.invalidCredentials, 'UNAUTHORIZED'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(E.loginInvalid);
    expect(dialog.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('signs in, fetches the user, announces it and opens /app', async () => {
    let isSignedIn = false;
    const signedInUser = makeUser({ name: 'Ada Lovelace' });
    const { user, dialog, api, router } = await openAuthDialog('login', {
      'POST /api/auth/login': () => {
        isSignedIn = true;
        return { body: { user: signedInUser, message: 'Signed in' } };
      },
      'GET /api/auth/me': () =>
        isSignedIn ? { body: { user: signedInUser } } : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
      'GET /api/credits': { body: { balance: 20, totalPurchased: 0, totalUsed: 0 } },
    });
    await user.type(dialog.getByLabelText('Email'), ` ${EMAIL}`);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(`${T.signedIn} as Ada Lovelace`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: EMAIL, password: PASSWORD });
    const loginIndex = api.calls.findIndex((call) => call.path === '/api/auth/login');
    expect(api.calls.slice(loginIndex).some((call) => call.path === '/api/auth/session')).toBe(true);
  });

  it('shows Continue with Google only when the server offers it', async () => {
    const { dialog } = await openAuthDialog('login', {
      'GET /api/auth/providers': { body: { google: true } },
    });
    expect(await dialog.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it('hides Continue with Google when the server does not offer it', async () => {
    const { dialog, api } = await openAuthDialog('login');
    await waitFor(() => expect(api.callsTo('GET /api/auth/providers')).toHaveLength(1));
    expect(dialog.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});

describe('the two-factor step in the sign-in dialog', () => {
  it('asks for the code without offering a new account, and goes back to the password step', async () => {
    const { user, dialog } = await openAuthDialog('login', {
      'POST /api/auth/login': { body: { twoFactorRequired: true, message: 'Enter the code' } },
    });
    expect(dialog.getByRole('button', { name: 'Create one' })).toBeVisible();
    await user.type(dialog.getByLabelText('Email'), EMAIL);
    await user.type(dialog.getByLabelText('Password'), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await dialog.findByRole('form', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Create one' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: BACK_TO_SIGN_IN }));
    expect(dialog.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create one' })).toBeVisible();
  });
});
