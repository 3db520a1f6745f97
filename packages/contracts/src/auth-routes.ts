import { z } from 'zod';
import {
  ChangeEmailBody,
  ForgotPasswordBody,
  PendingEmailChangeResponse,
  ReauthBody,
  ResetPasswordBody,
  SessionsResponse,
  TwoFactorCodeBody,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  VerifyEmailBody,
} from './account-security.ts';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import {
  AuthProvidersResponse,
  DeleteAccountBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResendVerificationBody,
  SessionResponse,
  SetPasswordBody,
  TokenBody,
  VerifyEmailResponse,
} from './auth.ts';

/**
 * Sign-up, verification, sign-in (password, Google and the second step), the session, and the
 * links mailed to prove an address (a forgotten password, an address change). Registering answers
 * 201. Google's two routes redirect: they have no JSON answer.
 */
export const AUTH_ROUTES = {
  providers: defineAppRoute({ ...APP_PATHS.authProviders, response: AuthProvidersResponse }),
  register: defineAppRoute({ ...APP_PATHS.register, body: RegisterBody, response: RegisterResponse }),
  login: defineAppRoute({ ...APP_PATHS.login, body: LoginBody, response: LoginResponse }),
  logout: defineAppRoute({ ...APP_PATHS.logout, response: MessageResponse }),
  me: defineAppRoute({ ...APP_PATHS.me, response: MeResponse }),
  /** What the web app asks on every page: the user or null, so a signed-out visit logs no error. */
  session: defineAppRoute({ ...APP_PATHS.session, response: SessionResponse }),
  verifyEmail: defineAppRoute({
    ...APP_PATHS.verifyEmail,
    query: TokenBody,
    response: VerifyEmailResponse,
  }),
  answerVerification: defineAppRoute({
    ...APP_PATHS.answerVerification,
    body: VerifyEmailBody,
    response: VerifyEmailResponse,
  }),
  resendVerification: defineAppRoute({
    ...APP_PATHS.resendVerification,
    body: ResendVerificationBody,
    response: MessageResponse,
  }),
  googleStart: defineAppRoute({ ...APP_PATHS.googleStart }),
  googleCallback: defineAppRoute({ ...APP_PATHS.googleCallback }),
  forgotPassword: defineAppRoute({
    ...APP_PATHS.forgotPassword,
    body: ForgotPasswordBody,
    response: MessageResponse,
  }),
  resetPassword: defineAppRoute({
    ...APP_PATHS.resetPassword,
    body: ResetPasswordBody,
    response: LoginResponse,
  }),
  /** Whether a reset link can still be used (200), or not (400): asked when its page opens, spends nothing. */
  checkResetLink: defineAppRoute({ ...APP_PATHS.checkResetLink, body: TokenBody, response: MessageResponse }),
  confirmEmail: defineAppRoute({ ...APP_PATHS.confirmEmail, body: TokenBody, response: MessageResponse }),
  cancelEmailChangeByLink: defineAppRoute({
    ...APP_PATHS.cancelEmailChangeByLink,
    body: TokenBody,
    response: MessageResponse,
  }),
  secondStep: defineAppRoute({
    ...APP_PATHS.signInSecondStep,
    body: TwoFactorCodeBody,
    response: LoginResponse,
  }),
};

/**
 * The signed-in account's own security settings: its password, address, sessions, two-factor
 * authentication and deletion. Deleting takes no body from a client that sends none.
 */
export const ACCOUNT_ROUTES = {
  setPassword: defineAppRoute({ ...APP_PATHS.setPassword, body: SetPasswordBody, response: MessageResponse }),
  changeEmail: defineAppRoute({ ...APP_PATHS.changeEmail, body: ChangeEmailBody, response: MessageResponse }),
  pendingEmailChange: defineAppRoute({
    ...APP_PATHS.pendingEmailChange,
    response: PendingEmailChangeResponse,
  }),
  cancelEmailChange: defineAppRoute({ ...APP_PATHS.cancelEmailChange, response: MessageResponse }),
  sessions: defineAppRoute({ ...APP_PATHS.sessions, response: SessionsResponse }),
  signOutSession: defineAppRoute({
    ...APP_PATHS.signOutSession,
    params: z.object({ id: z.string().max(100) }),
    response: MessageResponse,
  }),
  signOutOthers: defineAppRoute({ ...APP_PATHS.signOutOtherSessions, response: MessageResponse }),
  deleteAccount: defineAppRoute({
    ...APP_PATHS.deleteAccount,
    body: DeleteAccountBody.optional(),
    response: MessageResponse,
  }),
  twoFactor: defineAppRoute({ ...APP_PATHS.twoFactor, response: TwoFactorStatusResponse }),
  twoFactorSetup: defineAppRoute({
    ...APP_PATHS.twoFactorSetup,
    body: ReauthBody,
    response: TwoFactorSetupResponse,
  }),
  twoFactorEnable: defineAppRoute({
    ...APP_PATHS.twoFactorEnable,
    body: TwoFactorCodeBody,
    response: TwoFactorEnabledResponse,
  }),
  twoFactorDisable: defineAppRoute({
    ...APP_PATHS.twoFactorDisable,
    body: TwoFactorCodeBody,
    response: MessageResponse,
  }),
  /** Replaces every recovery code after a current code (as turning 2FA off asks); the new ten are shown once. */
  twoFactorRecoveryCodes: defineAppRoute({
    ...APP_PATHS.twoFactorRecoveryCodes,
    body: TwoFactorCodeBody,
    response: TwoFactorEnabledResponse,
  }),
};
