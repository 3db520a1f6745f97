import type { DeleteAccountBody, MessageResponse } from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

export const settingsApi = {
  /** `currentPassword` for an account that has one; a Google-only account sets its first without. */
  setPassword: (newPassword: string, currentPassword?: string) =>
    apiClient.put<MessageResponse>('/api/password', {
      newPassword,
      ...(currentPassword !== undefined && { currentPassword }),
    }),
  /** `{password}` for accounts with one, `{confirmEmail}` for Google-only accounts. */
  deleteAccount: (body: DeleteAccountBody) => apiClient.delete<MessageResponse>('/api/account', body),
};
