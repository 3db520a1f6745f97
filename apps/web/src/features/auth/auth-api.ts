import {
  APP_PATHS,
  type AuthProvidersResponse,
  type LoginResponse,
  type MessageResponse,
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
  providers: () => apiClient.get<AuthProvidersResponse>(APP_PATHS.authProviders.path),
  login: ({ email, password }: Credentials) =>
    apiClient.post<LoginResponse>(APP_PATHS.login.path, { email: email.trim(), password }),
  /** Sends email and password only: the confirmation never leaves the browser. */
  register: ({ email, password }: Credentials) =>
    apiClient.post<RegisterResponse>(APP_PATHS.register.path, { email: email.trim(), password }),
  resendVerification: (email: string) =>
    apiClient.post<MessageResponse>(APP_PATHS.resendVerification.path, { email: email.trim() }),
  verifyEmail: (token: string) =>
    apiClient.get<VerifyEmailResponse>(`${APP_PATHS.verifyEmail.path}?token=${encodeURIComponent(token)}`),
  logout: () => apiClient.post<MessageResponse>(APP_PATHS.logout.path),
  /** A verification link opened outside the signing-up browser: the password, or "not mine". */
  answerVerification: (body: VerifyEmailBody) =>
    apiClient.post<VerifyEmailResponse>(APP_PATHS.answerVerification.path, body),
  forgotPassword: (email: string) =>
    apiClient.post<MessageResponse>(APP_PATHS.forgotPassword.path, { email: email.trim() }),
  resetPassword: (token: string, newPassword: string) =>
    apiClient.post<LoginResponse>(APP_PATHS.resetPassword.path, { token, newPassword }),
  /** The second sign-in step: a code from the authenticator app or a recovery code. */
  secondStep: (code: string) =>
    apiClient.post<LoginResponse>(APP_PATHS.signInSecondStep.path, { code: code.trim() }),
  confirmEmail: (token: string) => apiClient.post<MessageResponse>(APP_PATHS.confirmEmail.path, { token }),
};

/** True when the answer is a signed-in user, false when a two-factor code comes next. */
export const isSignedIn = (answer: LoginResponse): answer is Extract<LoginResponse, { user: unknown }> =>
  'user' in answer;

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;
export const GOOGLE_SIGN_IN_PATH = APP_PATHS.googleStart.path;
