import { AUTH_ROUTES, type LoginResponse, type VerifyEmailBody } from '@conduit/contracts';
import { callRoute } from '../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** The account calls (docs/product.md, "App API"). */
export const authApi = {
  providers: () => callRoute(AUTH_ROUTES.providers),
  login: ({ email, password }: Credentials) =>
    callRoute(AUTH_ROUTES.login, { body: { email: email.trim(), password } }),
  /** Sends email and password only: the confirmation never leaves the browser. */
  register: ({ email, password }: Credentials) =>
    callRoute(AUTH_ROUTES.register, { body: { email: email.trim(), password } }),
  resendVerification: (email: string) =>
    callRoute(AUTH_ROUTES.resendVerification, { body: { email: email.trim() } }),
  verifyEmail: (token: string) =>
    callRoute(AUTH_ROUTES.verifyEmail, { query: new URLSearchParams({ token }) }),
  logout: () => callRoute(AUTH_ROUTES.logout),
  /** A verification link opened outside the signing-up browser: the password, or "not mine". */
  answerVerification: (body: VerifyEmailBody) => callRoute(AUTH_ROUTES.answerVerification, { body }),
  forgotPassword: (email: string) => callRoute(AUTH_ROUTES.forgotPassword, { body: { email: email.trim() } }),
  resetPassword: (token: string, newPassword: string) =>
    callRoute(AUTH_ROUTES.resetPassword, { body: { token, newPassword } }),
  /** The second sign-in step: a code from the authenticator app or a recovery code. */
  secondStep: (code: string) => callRoute(AUTH_ROUTES.secondStep, { body: { code: code.trim() } }),
  confirmEmail: (token: string) => callRoute(AUTH_ROUTES.confirmEmail, { body: { token } }),
};

/** True when the answer is a signed-in user, false when a two-factor code comes next. */
export const isSignedIn = (answer: LoginResponse): answer is Extract<LoginResponse, { user: unknown }> =>
  'user' in answer;

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;
export const GOOGLE_SIGN_IN_PATH = AUTH_ROUTES.googleStart.path;
