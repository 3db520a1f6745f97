import { APP_PATHS, type DeleteAccountBody, type MessageResponse } from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

export const settingsApi = {
  /** `currentPassword` for an account that has one; a Google-only account sets its first without. */
  setPassword: (newPassword: string, currentPassword?: string) =>
    apiClient.put<MessageResponse>(APP_PATHS.setPassword.path, {
      newPassword,
      ...(currentPassword !== undefined && { currentPassword }),
    }),
  /** `{password}` for accounts with one, `{confirmEmail}` for Google-only accounts. */
  deleteAccount: (body: DeleteAccountBody) =>
    apiClient.delete<MessageResponse>(APP_PATHS.deleteAccount.path, body),
};
