import { z } from 'zod';
import { RATE_LIMIT_TIERS, ROLES } from './auth-texts.ts';

export * from './auth-texts.ts';

/**
 * A form's text in a request body. Presence and format are checked by the operations so each
 * failure has its exact text; the bound only keeps a body from being absurd.
 */
export const FormText = z.string().max(1000).optional();
/** A mailed link's token as the link carries it (checked by the operation like a form's text). */
export const LinkToken = z.string().max(200).optional();

/** A body of one address: resending a verification link, a forgotten password, the waitlist's resend. */
export const EmailBody = z.object({ email: FormText });
export type EmailBody = z.infer<typeof EmailBody>;
/** A body of one mailed link's token. */
export const TokenBody = z.object({ token: LinkToken });
export type TokenBody = z.infer<typeof TokenBody>;

export const LoginBody = z.object({
  email: FormText,
  password: FormText,
});
export type LoginBody = z.infer<typeof LoginBody>;
/** Signing up: the sign-in's fields and the password typed again. */
export const RegisterBody = LoginBody.extend({ confirmPassword: FormText });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ResendVerificationBody = EmailBody;
export type ResendVerificationBody = EmailBody;

/** `currentPassword` is required when the account has a password (a stolen session cannot change it). */
export const SetPasswordBody = z.object({
  newPassword: FormText,
  currentPassword: FormText,
});
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

/**
 * Deleting an account: `password` for accounts with one; accounts that only ever signed in
 * with Google (no password) confirm by typing their email address as `confirmEmail`.
 */
export const DeleteAccountBody = z.object({
  password: FormText,
  confirmEmail: FormText,
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const AuthUser = z.object({
  _id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  /** False for accounts that only sign in with Google: they set a password or confirm deletion by email. */
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
  /** Two-factor authentication (TOTP) is on. */
  hasTwoFactor: z.boolean(),
  apiProvider: z.object({ maxApiKeys: z.number().int(), tier: z.enum(RATE_LIMIT_TIERS) }),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const MeResponse = z.object({ user: AuthUser });
export type MeResponse = z.infer<typeof MeResponse>;
/** `GET /api/auth/session`: the signed-in user, or null when nobody is (200 either way, never a 401). */
export const SessionResponse = z.object({ user: AuthUser.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const RegisterResponse = z.object({ user: AuthUser, emailSent: z.boolean(), message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** `twoFactorRequired`: the password was right, and a code from the authenticator app comes next. */
export const LoginResponse = z.union([
  z.object({ user: AuthUser, message: z.string() }),
  z.object({ twoFactorRequired: z.literal(true), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const VerifyEmailResponse = z.object({
  message: z.string(),
  alreadyVerified: z.boolean(),
  /** Credits granted by this verification (0 when already verified). */
  creditsGranted: z.number().int(),
  /**
   * The link was opened in a browser other than the one that signed up: nothing happened yet; the
   * page asks for the account's password (POST /api/auth/verify-email) or offers "I did not
   * create this account".
   */
  passwordRequired: z.boolean().optional(),
  /** After "I did not create this account": the token of a password reset link to continue with. */
  resetToken: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Which sign-in methods this installation offers (Google is hidden when not configured). */
export const AuthProvidersResponse = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;
