import {
  APP_PATHS,
  appPath,
  type MessageResponse,
  type SessionsResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
} from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

/** Settings' security calls: sessions, two-factor authentication and the account address. */
export const securityApi = {
  sessions: () => apiClient.get<SessionsResponse>(APP_PATHS.sessions.path),
  signOutSession: (id: string) => apiClient.delete<MessageResponse>(appPath('signOutSession', { id })),
  signOutOthers: () => apiClient.post<MessageResponse>(APP_PATHS.signOutOtherSessions.path),
  twoFactor: () => apiClient.get<TwoFactorStatusResponse>(APP_PATHS.twoFactor.path),
  startTwoFactor: (password?: string) =>
    apiClient.post<TwoFactorSetupResponse>(APP_PATHS.twoFactorSetup.path, { password }),
  enableTwoFactor: (code: string) =>
    apiClient.post<TwoFactorEnabledResponse>(APP_PATHS.twoFactorEnable.path, { code: code.trim() }),
  disableTwoFactor: (code: string) =>
    apiClient.post<MessageResponse>(APP_PATHS.twoFactorDisable.path, { code: code.trim() }),
  changeEmail: (newEmail: string, password?: string) =>
    apiClient.post<MessageResponse>(APP_PATHS.changeEmail.path, { newEmail: newEmail.trim(), password }),
};

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;
export const TWO_FACTOR_QUERY_KEY = ['account', 'two-factor'] as const;
