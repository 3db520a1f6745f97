// Plain values, no zod: the landing page and every page's sign-in texts read them without schema code.
import { PASSWORD_MIN_LENGTH } from './timings.ts';

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];

export const RATE_LIMIT_TIERS = ['free', 'pro', 'enterprise'] as const;
export type RateLimitTier = (typeof RATE_LIMIT_TIERS)[number];

/** Keys a new account may hold (docs/decisions/0005-accounts-and-sessions.md). Admins can change it per user. */
export const DEFAULT_MAX_API_KEYS = 10;
/** Verification links are valid 24 hours and single use (docs/product.md, "Timings"). */
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The loose email shape both the forms and the server accept (docs/product.md, "Sign-in and sign-up"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
/** argon2 hashes any length, but an unbounded password is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 256;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const isEmail = (value: string) =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value.trim());

/** Texts of docs/product.md, "Validation rules", shown by the forms exactly as written. */
export const AUTH_FORM_TEXTS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordHelp: 'Must be at least 6 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  confirmHelpEnterFirst: 'Enter password first',
  confirmHelpConfirm: 'Confirm your password',
  submitEmail: 'Please enter your email address.',
  submitPasswordLogin: 'Please enter your password.',
  submitPasswordSignup: 'Please enter a password.',
  submitConfirm: 'Please confirm your password.',
  submitPasswordsDiffer: 'Passwords do not match. Please check and try again.',
  emailSent: 'Email sent!',
  signedIn: 'Successfully signed in',
  createdAccount: 'created account',
} as const;

/** The messages the server sends; the client maps them to the texts of docs/product.md, "Error catalogue". */
export const AUTH_SERVER_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  userNotFound: 'User not found',
  invalidEmail: 'Invalid email',
  passwordRequired: 'Password required',
  emailRequired: 'Email required',
  emailNotVerified: 'Email not verified',
  userExists: 'User already exists',
  passwordTooShort: 'Password must be at least 6 characters long',
  allFieldsRequired: 'All fields are required',
  registered: 'Registration successful. Please check your email to verify your account.',
  registeredMailFailed:
    'Your account was created, but the verification email could not be sent. Use "Resend verification email" to try again.',
  verified: 'Email verified successfully. Your free credits are ready.',
  alreadyVerified: 'Email already verified',
  invalidToken: 'Invalid or expired verification link',
  missingToken: 'Verification token is required',
  resendAccepted: 'If an account with that email needs verification, we have sent a new link.',
  signedOut: 'Signed out',
  passwordSet: 'Password updated. Other sessions have been signed out.',
  accountDeleted: 'Account deleted',
  wrongPassword: 'Incorrect password',
  deletePasswordRequired: 'Please enter your password to delete your account.',
  deleteConfirmEmailMismatch: 'Type your account email address to confirm deletion.',
  accountDisabled: 'This account has been deactivated. Contact support.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** What the forms show for each server answer (docs/product.md, "Error catalogue"). */
export const AUTH_ERROR_TEXTS = {
  loginInvalid: 'Invalid email or password. Please check your credentials and try again.',
  invalidEmail: 'Please enter a valid email address.',
  passwordMissing: 'Please enter your password.',
  emailMissing: 'Please enter your email address.',
  notVerified: 'Your email address is not verified yet. Please check your inbox for the verification link.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  userExists: 'An account with this email already exists. Please try signing in instead.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  fillAll: 'Please fill in all required fields.',
  fallback: 'Something went wrong. Please try again.',
  noToken: 'No verification token provided.',
  verifyFailed: 'Failed to verify email. The link may be invalid or expired.',
  setPasswordMismatch: 'New password and confirm password do not match.',
  setPasswordTooShort: 'Password must be at least 6 characters long.',
  setPasswordFailed: 'Failed to set password. Please try again.',
  deletePasswordRequired: 'Please enter your password to delete your account.',
  deleteFailed: 'Failed to delete account. Please try again.',
  completingSignIn: 'Completing sign in...',
  /** Shown on the landing page when Google sign-in sent the browser back with ?error=auth_failed. */
  googleSignInFailed: 'Google sign-in failed. Please try again.',
} as const;

export const passwordLengthOk = (password: string) =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
