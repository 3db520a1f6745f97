import type { DeleteAccountBody, MessageResponse } from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

export const settingsApi = {
  setPassword: (newPassword: string) => apiClient.put<MessageResponse>('/api/password', { newPassword }),
  /** `{password}` for accounts with one, `{confirmEmail}` for Google-only accounts. */
  deleteAccount: (body: DeleteAccountBody) => apiClient.delete<MessageResponse>('/api/account', body),
};
