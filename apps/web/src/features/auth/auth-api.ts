import { APP_PATHS, type AUTH_ROUTES, type LoginResponse, type VerifyEmailBody } from '@conduit/contracts';
import { callPath } from '../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The account calls (docs/product.md, "App API"). The account menu loads this module on every
 * page, so it calls the catalogue's routes by their plain paths (`callPath`).
 */
export const authApi = {
  providers: () => callPath<typeof AUTH_ROUTES.providers>(APP_PATHS.authProviders),
  login: ({ email, password }: Credentials) =>
    callPath<typeof AUTH_ROUTES.login>(APP_PATHS.login, { body: { email: email.trim(), password } }),
  /** Sends email and password only: the confirmation never leaves the browser. */
  register: ({ email, password }: Credentials) =>
    callPath<typeof AUTH_ROUTES.register>(APP_PATHS.register, { body: { email: email.trim(), password } }),
  resendVerification: (email: string) =>
    callPath<typeof AUTH_ROUTES.resendVerification>(APP_PATHS.resendVerification, {
      body: { email: email.trim() },
    }),
  verifyEmail: (token: string) =>
    callPath<typeof AUTH_ROUTES.verifyEmail>(APP_PATHS.verifyEmail, {
      query: new URLSearchParams({ token }),
    }),
  logout: () => callPath<typeof AUTH_ROUTES.logout>(APP_PATHS.logout),
  /** A verification link opened outside the signing-up browser: the password, or "not mine". */
  answerVerification: (body: VerifyEmailBody) =>
    callPath<typeof AUTH_ROUTES.answerVerification>(APP_PATHS.answerVerification, { body }),
  forgotPassword: (email: string) =>
    callPath<typeof AUTH_ROUTES.forgotPassword>(APP_PATHS.forgotPassword, { body: { email: email.trim() } }),
  checkResetLink: (token: string) =>
    callPath<typeof AUTH_ROUTES.checkResetLink>(APP_PATHS.checkResetLink, { body: { token } }),
  resetPassword: (token: string, newPassword: string) =>
    callPath<typeof AUTH_ROUTES.resetPassword>(APP_PATHS.resetPassword, { body: { token, newPassword } }),
  /** The second sign-in step: a code from the authenticator app or a recovery code. */
  secondStep: (code: string) =>
    callPath<typeof AUTH_ROUTES.secondStep>(APP_PATHS.signInSecondStep, { body: { code: code.trim() } }),
  confirmEmail: (token: string) =>
    callPath<typeof AUTH_ROUTES.confirmEmail>(APP_PATHS.confirmEmail, { body: { token } }),
  /** The link in the notice to the old address: cancels a pending address change. */
  cancelEmailChange: (token: string) =>
    callPath<typeof AUTH_ROUTES.cancelEmailChangeByLink>(APP_PATHS.cancelEmailChangeByLink, {
      body: { token },
    }),
};

/** True when the answer is a signed-in user, false when a two-factor code comes next. */
export const isSignedIn = (answer: LoginResponse): answer is Extract<LoginResponse, { user: unknown }> =>
  'user' in answer;

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;
export const GOOGLE_SIGN_IN_PATH = APP_PATHS.googleStart.path;
