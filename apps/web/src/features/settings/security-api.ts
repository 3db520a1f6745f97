import {
  type MessageResponse,
  ACCOUNT_SECURITY_PATHS as P,
  type SessionsResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
} from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

/** Settings' security calls: sessions, two-factor authentication and the account address. */
export const securityApi = {
  sessions: () => apiClient.get<SessionsResponse>(P.sessions),
  signOutSession: (id: string) => apiClient.delete<MessageResponse>(P.session(id)),
  signOutOthers: () => apiClient.post<MessageResponse>(P.signOutOtherSessions),
  twoFactor: () => apiClient.get<TwoFactorStatusResponse>(P.twoFactor),
  startTwoFactor: (password?: string) =>
    apiClient.post<TwoFactorSetupResponse>(P.twoFactorSetup, { password }),
  enableTwoFactor: (code: string) =>
    apiClient.post<TwoFactorEnabledResponse>(P.twoFactorEnable, { code: code.trim() }),
  disableTwoFactor: (code: string) =>
    apiClient.post<MessageResponse>(P.twoFactorDisable, { code: code.trim() }),
  changeEmail: (newEmail: string, password?: string) =>
    apiClient.post<MessageResponse>(P.changeEmail, { newEmail: newEmail.trim(), password }),
};

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;
export const TWO_FACTOR_QUERY_KEY = ['account', 'two-factor'] as const;
