import { ACCOUNT_ROUTES, appPath } from '@conduit/contracts';
import { callRoute } from '../../lib/api-client.ts';

/** Settings' security calls: sessions, two-factor authentication and the account address. */
export const securityApi = {
  sessions: () => callRoute(ACCOUNT_ROUTES.sessions),
  signOutSession: (id: string) =>
    callRoute(ACCOUNT_ROUTES.signOutSession, { path: appPath('signOutSession', { id }) }),
  signOutOthers: () => callRoute(ACCOUNT_ROUTES.signOutOthers),
  twoFactor: () => callRoute(ACCOUNT_ROUTES.twoFactor),
  startTwoFactor: (password?: string) => callRoute(ACCOUNT_ROUTES.twoFactorSetup, { body: { password } }),
  enableTwoFactor: (code: string) =>
    callRoute(ACCOUNT_ROUTES.twoFactorEnable, { body: { code: code.trim() } }),
  disableTwoFactor: (code: string) =>
    callRoute(ACCOUNT_ROUTES.twoFactorDisable, { body: { code: code.trim() } }),
  newRecoveryCodes: (code: string) =>
    callRoute(ACCOUNT_ROUTES.twoFactorRecoveryCodes, { body: { code: code.trim() } }),
  changeEmail: (newEmail: string, password?: string) =>
    callRoute(ACCOUNT_ROUTES.changeEmail, { body: { newEmail: newEmail.trim(), password } }),
  pendingEmailChange: () => callRoute(ACCOUNT_ROUTES.pendingEmailChange),
  cancelEmailChange: () => callRoute(ACCOUNT_ROUTES.cancelEmailChange),
};

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;
export const TWO_FACTOR_QUERY_KEY = ['account', 'two-factor'] as const;
export const PENDING_EMAIL_QUERY_KEY = ['account', 'pending-email'] as const;
