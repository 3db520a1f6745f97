import {
  AUTH_ERROR_TEXTS as E,
  AUTH_SERVER_MESSAGES as M,
  ACCOUNT_SECURITY_TEXTS as S,
} from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiRoutes, errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { blobTextAt } from '../../test/blob-urls.ts';
import { renderRoute } from '../../test/render-route.tsx';

const SESSIONS = [
  {
    id: 'ses_here',
    browser: 'Chrome 130',
    os: 'macOS Sonoma',
    ip: '192.0.2.1',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-24T10:00:00.000Z',
    isCurrent: true,
  },
  {
    id: 'ses_phone',
    browser: 'Safari 17',
    os: 'iOS 17.5',
    ip: '198.51.100.9',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-23T10:00:00.000Z',
    isCurrent: false,
  },
];

async function openSettings(routes: ApiRoutes = {}, userOverrides = {}) {
  let isSignedIn = true;
  const api = mockApi({
    'GET /api/auth/me': () =>
      isSignedIn
        ? { body: { user: makeUser(userOverrides) } }
        : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
    'GET /api/account/2fa': { body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } },
    'GET /api/account/sessions': { body: { sessions: SESSIONS } },
    'GET /api/account/email': { body: { pending: null } },
    ...routes,
  });
  const user = userEvent.setup();
  const { router } = renderRoute('/app/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { api, user, router, signOutOnServer: () => (isSignedIn = false) };
}

/** Opens Change password, fills its three fields and saves; answers the dialog. */
async function savePassword(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm: string,
) {
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
  await user.type(dialog.getByLabelText('Current password'), current);
  await user.type(dialog.getByLabelText('New password'), next);
  await user.type(dialog.getByLabelText('Confirm password'), confirm);
  await user.click(dialog.getByRole('button', { name: 'Save password' }));
  return dialog;
}

describe('settings: password', () => {
  it('changes the password; Save stays disabled until both fields are filled', async () => {
    const { api, user } = await openSettings({
      'PUT /api/password': { body: { message: M.passwordSet } },
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
    const save = dialog.getByRole('button', { name: 'Save password' });
    expect(dialog.getByLabelText('Current password')).toHaveFocus();
    expect(save).toBeDisabled();
    await user.type(dialog.getByLabelText('Current password'), 'oldsecret');
    await user.type(dialog.getByLabelText('New password'), 'newsecret');
    expect(save).toBeDisabled();
    await user.type(dialog.getByLabelText('Confirm password'), 'newsecret');
    await user.click(save);

    expect(await screen.findByText(M.passwordSet)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/password')[0]?.body).toEqual({
      newPassword: 'newsecret',
      currentPassword: 'oldsecret',
    });
  });

  it('checks the mismatch, then the length, before calling the server', async () => {
    const { api, user } = await openSettings();
    const dialog = await savePassword(user, 'oldsecret', 'abc', 'abd');
    expect(dialog.getByRole('alert')).toHaveTextContent(E.setPasswordMismatch);
    await user.type(dialog.getByLabelText('Confirm password'), '{Backspace}c');
    await user.click(dialog.getByRole('button', { name: 'Save password' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(E.setPasswordTooShort);
    expect(api.callsTo('PUT /api/password')).toHaveLength(0);
  });

  it.each([
    [
      'the server error',
      errorReply(400, 'Password must be at most 256 characters long'),
      'Password must be at most 256 characters long',
    ],
    ['the fallback', { status: 500, body: null }, E.setPasswordFailed],
  ])('shows %s when saving fails', async (_case, reply, text) => {
    const { user } = await openSettings({ 'PUT /api/password': reply });
    const dialog = await savePassword(user, 'oldsecret', 'newsecret', 'newsecret');
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
  });

  it("is called 'Set a password' for an account without one, and closes on Escape", async () => {
    const { user } = await openSettings({}, { hasPassword: false, hasGoogle: true });
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set a password' }));
    expect(screen.getByRole('dialog', { name: 'Set a password' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('settings: two-factor authentication', () => {
  it('asks for the password, then a code from the app, then shows the recovery codes; no Cancel on the way', async () => {
    const { api, user } = await openSettings({
      'POST /api/account/2fa/setup': {
        body: { secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AA==' },
      },
      'POST /api/account/2fa/enable': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { enabled: true, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] } }
          : { status: 400, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Turn on two-factor authentication' }));
    expect(dialog.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Current password'), 'secret12');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(api.callsTo('POST /api/account/2fa/setup')[0]?.body).toEqual({ password: 'secret12' });

    const code = await dialog.findByLabelText('Code from the app');
    expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(S.twoFactorCodeWrong);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    const codes = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }));
    expect(codes.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaa-bbbb');
    await expectDownloadAndPrint(user, codes, ['aaaa-bbbb', 'cccc-dddd']);
  });

  it('makes new recovery codes after a current code, and shows them once to keep', async () => {
    let codesLeft = 3;
    const { api, user } = await openSettings(
      {
        'GET /api/account/2fa': () => ({
          body: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', recoveryCodesLeft: codesLeft },
        }),
        'POST /api/account/2fa/recovery-codes': ({ body }) => {
          if ((body as { code: string }).code !== '123456') {
            return errorReply(400, S.twoFactorCodeWrong, 'VALIDATION_ERROR');
          }
          codesLeft = 10;
          return {
            body: { message: S.recoveryCodesReplaced, recoveryCodes: ['eeee-ffff-gg', 'hhhh-jjjj-kk'] },
          };
        },
      },
      { hasTwoFactor: true },
    );
    expect(await screen.findByText(/3 recovery codes left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New recovery codes' }));
    expect(dialog.getByRole('button', { name: 'Make new codes' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Authentication code'), '000000');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(S.twoFactorCodeWrong);

    await user.clear(dialog.getByLabelText('Authentication code'));
    await user.type(dialog.getByLabelText('Authentication code'), ' 123456 ');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    const codes = within(await screen.findByRole('dialog', { name: 'Save your new recovery codes' }));
    expect(codes.getByText(S.recoveryCodesReplaced)).toBeInTheDocument();
    expect(codes.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent('eeee-ffff-gg');
    expect(api.callsTo('POST /api/account/2fa/recovery-codes').at(-1)?.body).toEqual({ code: '123456' });
    await expectDownloadAndPrint(user, codes, ['eeee-ffff-gg', 'hhhh-jjjj-kk']);
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    await user.click(codes.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[data-print-sheet]')).toBeNull();
  });

  it('offers no new recovery codes while two-factor authentication is off', async () => {
    await openSettings();
    expect(
      await screen.findByRole('button', { name: 'Turn on two-factor authentication' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).not.toBeInTheDocument();
  });
});

/** The codes' Download link saves a .txt with the codes, address and date; Print prints a sheet of the same. */
async function expectDownloadAndPrint(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  codes: string[],
) {
  const download = dialog.getByRole('link', { name: 'Download' });
  expect(download).toHaveAttribute('download', 'conduit-recovery-codes.txt');
  const file = await blobTextAt(download.getAttribute('href'));
  expect(file).toContain('Account: ada@example.com');
  expect(file).toMatch(/Made on: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  for (const code of codes) expect(file).toContain(code);

  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  await user.click(dialog.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
  expect(document.querySelector('[data-print-sheet]')?.textContent).toBe(file);
}

describe('settings: sessions', () => {
  it('lists the sessions, marks this device, and signs out another one', async () => {
    const { api, user } = await openSettings({
      'DELETE /api/account/sessions/ses_phone': { body: { message: 'Session signed out' } },
    });
    const phone = await screen.findByText(/Safari 17 on iOS 17.5/);
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(phone.closest('li')).toHaveTextContent('198.51.100.9');
    await user.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account/sessions/ses_phone')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out all others' })).toBeInTheDocument();
  });
});

describe('settings: delete account', () => {
  it('asks for the password, shows a wrong one, and closes on Escape', async () => {
    const { api, user } = await openSettings({
      'DELETE /api/account': errorReply(403, M.wrongPassword, 'FORBIDDEN'),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete account' }));
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(E.deletePasswordRequired);
    expect(api.callsTo('DELETE /api/account')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Password'), 'wrong-one');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(M.wrongPassword);
    expect(api.callsTo('DELETE /api/account')[0]?.body).toEqual({ password: 'wrong-one' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to the generic failure text', async () => {
    const { user } = await openSettings({ 'DELETE /api/account': { status: 502, body: null } });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete account' }));
    await user.type(dialog.getByLabelText('Password'), 'secret12');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(E.deleteFailed);
  });

  it('deletes, ends the session and returns to the landing page', async () => {
    let signOutOnServer = () => undefined as unknown;
    const opened = await openSettings({
      'DELETE /api/account': () => {
        signOutOnServer();
        return { body: { message: M.accountDeleted } };
      },
    });
    signOutOnServer = opened.signOutOnServer;
    const { user, router } = opened;
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete account' }));
    await user.type(dialog.getByLabelText('Password'), 'secret12');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText(M.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks an account without a password to type its email instead', async () => {
    const { api, user, router } = await openSettings(
      { 'DELETE /api/account': { body: { message: M.accountDeleted } } },
      { hasPassword: false, hasGoogle: true },
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete account' }));
    expect(dialog.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Email address'), 'someone@example.com');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(M.deleteConfirmEmailMismatch);

    await user.clear(dialog.getByLabelText('Email address'));
    await user.type(dialog.getByLabelText('Email address'), 'Ada@Example.com');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE /api/account')[0]?.body).toEqual({ confirmEmail: 'Ada@Example.com' });
  });
});

describe('settings: a pending change of address', () => {
  it('shows the change waiting for its confirmation and cancels it', async () => {
    let pending: { newEmail: string; expiresAt: string } | null = {
      newEmail: 'stranger@example.com',
      expiresAt: '2026-11-25T10:00:00.000Z',
    };
    const { api, user } = await openSettings({
      'GET /api/account/email': () => ({ body: { pending } }),
      'DELETE /api/account/email': () => {
        pending = null;
        return { body: { message: S.emailChangeCancelled } };
      },
    });
    expect(await screen.findByText(/stranger@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel this change' }));
    expect(await screen.findByText(S.emailChangeCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/stranger@example.com/)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/account/email')).toHaveLength(1);
  });
});
