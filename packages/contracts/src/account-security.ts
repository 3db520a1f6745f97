import { z } from 'zod';
import { EmailBody, FormText, TokenBody } from './auth.ts';

/** A reset link is valid this long and works once; every older one stops working when it is mailed. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** A link confirming a new account address is valid this long and works once. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Setting a first password without one to confirm needs a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** How long the second sign-in step waits for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

/** Texts of the account-security flows (reset, re-authentication, 2FA, sessions, address change). */
export const ACCOUNT_SECURITY_TEXTS = {
  forgotPassword: 'Forgot password?',
  forgotAccepted:
    'If an account exists for that address, we have sent a link to reset its password. It is valid for 1 hour.',
  resetInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  resetLinkUsable: 'This link can set a new password.',
  resetDone: 'Your password has been reset. You are signed in.',
  resetDoneSignedOut: 'Your password has been reset. Sign in with your new password.',
  verifyNeedsPassword: 'To finish verifying, enter the password chosen when this account was created.',
  notMyAccount: 'I did not create this account',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordWrong: 'That password is not correct.',
  recentSignInRequired:
    'For your security, sign out and sign in again, then set your password within 10 minutes.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeRequired: 'Enter a code from your authenticator app or a recovery code.',
  twoFactorCodeWrong: 'That code is not correct. Check your authenticator app and try again.',
  twoFactorChallengeExpired: 'Your sign-in took too long. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotStarted: 'Start the set-up again: scan a new QR code.',
  twoFactorOn: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor authentication is off.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  recoveryCodesReplaced:
    'New recovery codes are ready: the old ones no longer work. Keep these somewhere safe.',
  adminNeedsTwoFactor: 'Turn on two-factor authentication under Settings to open the admin area.',
  sessionNotFound: 'Session not found',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'Every other session has been signed out.',
  emailChangeSame: 'That is already your address.',
  emailChangeTaken: 'An account with this email already exists.',
  emailChangeSent: 'Check the new address for a confirmation link. Nothing changes until you confirm it.',
  emailChangeInvalid: 'This confirmation link is invalid or has expired.',
  emailChanged: 'Your email address has been changed.',
  emailChangeCancelled: 'The change of address was cancelled. Your account keeps its address.',
  emailChangeCancelInvalid:
    'This cancel link is invalid, was already used, or the change is no longer pending.',
} as const;

export const ForgotPasswordBody = EmailBody;
export type ForgotPasswordBody = EmailBody;

export const ResetPasswordBody = TokenBody.extend({ newPassword: FormText });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * Verifying from a browser other than the one that signed up: `password` proves the verifier
 * chose it; `disown` says they did not create the account (its password is dropped and a reset
 * link token is answered so they can choose their own).
 */
export const VerifyEmailBody = TokenBody.extend({ password: FormText, disown: z.boolean().optional() });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const TwoFactorCodeBody = z.object({ code: z.string().max(100).optional() });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>;

/** Proof it is the owner: the password, or for accounts without one a recent sign-in. */
export const ReauthBody = z.object({ password: FormText });
export type ReauthBody = z.infer<typeof ReauthBody>;

export const TwoFactorSetupResponse = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** Turning 2FA on and replacing the recovery codes both answer the new codes, once. */
export const TwoFactorEnabledResponse = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabledResponse = z.infer<typeof TwoFactorEnabledResponse>;

export const TwoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;

export const AccountSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const SessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const ChangeEmailBody = z.object({
  newEmail: FormText,
  password: FormText,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** The address change waiting for its confirmation link, if any (Settings shows it with a cancel button). */
export const PendingEmailChangeResponse = z.object({
  pending: z.object({ newEmail: z.string(), expiresAt: z.string() }).nullable(),
});
export type PendingEmailChangeResponse = z.infer<typeof PendingEmailChangeResponse>;
