import { ACCOUNT_ROUTES, type DeleteAccountBody } from '@conduit/contracts';
import { callRoute } from '../../lib/api-client.ts';

export const settingsApi = {
  /** `currentPassword` for an account that has one; a Google-only account sets its first without. */
  setPassword: (newPassword: string, currentPassword?: string) =>
    callRoute(ACCOUNT_ROUTES.setPassword, {
      body: { newPassword, ...(currentPassword !== undefined && { currentPassword }) },
    }),
  /** `{password}` for accounts with one, `{confirmEmail}` for Google-only accounts. */
  deleteAccount: (body: DeleteAccountBody) => callRoute(ACCOUNT_ROUTES.deleteAccount, { body }),
};
