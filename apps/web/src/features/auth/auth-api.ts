import type {
  AuthProvidersResponse,
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  VerifyEmailResponse,
} from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** The account calls (docs/product.md, "App API"). */
export const authApi = {
  providers: () => apiClient.get<AuthProvidersResponse>('/api/auth/providers'),
  login: ({ email, password }: Credentials) =>
    apiClient.post<LoginResponse>('/api/auth/login', { email: email.trim(), password }),
  /** Sends email and password only: the confirmation never leaves the browser. */
  register: ({ email, password }: Credentials) =>
    apiClient.post<RegisterResponse>('/api/auth/register', { email: email.trim(), password }),
  resendVerification: (email: string) =>
    apiClient.post<MessageResponse>('/api/auth/resend-verification', { email: email.trim() }),
  verifyEmail: (token: string) =>
    apiClient.get<VerifyEmailResponse>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
  logout: () => apiClient.post<MessageResponse>('/api/auth/logout'),
};

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
