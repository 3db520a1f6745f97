import {
  type AuthProvidersResponse,
  type LoginResponse,
  type MessageResponse,
  ACCOUNT_SECURITY_PATHS as P,
  type RegisterResponse,
  type VerifyEmailBody,
  type VerifyEmailResponse,
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
  /** A verification link opened outside the signing-up browser: the password, or "not mine". */
  answerVerification: (body: VerifyEmailBody) => apiClient.post<VerifyEmailResponse>(P.verifyEmail, body),
  forgotPassword: (email: string) =>
    apiClient.post<MessageResponse>(P.forgotPassword, { email: email.trim() }),
  resetPassword: (token: string, newPassword: string) =>
    apiClient.post<LoginResponse>(P.resetPassword, { token, newPassword }),
  /** The second sign-in step: a code from the authenticator app or a recovery code. */
  secondStep: (code: string) => apiClient.post<LoginResponse>(P.signInSecondStep, { code: code.trim() }),
  confirmEmail: (token: string) => apiClient.post<MessageResponse>(P.confirmEmail, { token }),
};

/** True when the answer is a signed-in user, false when a two-factor code comes next. */
export const isSignedIn = (answer: LoginResponse): answer is Extract<LoginResponse, { user: unknown }> =>
  'user' in answer;

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
