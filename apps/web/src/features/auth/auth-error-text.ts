import { AUTH_ERROR_TEXTS, ERROR_CODES, AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import { ApiError } from '../../lib/api-client.ts';

/** What a failed call said: the server's `error` text and machine `code`, when it sent them. */
export interface ServerError {
  message?: string;
  code?: string;
  /** The request field a 400 names (`prompt`, `spendLimit.credits`). */
  field?: string;
}

/**
 * Reads anything a call threw into the fields the mappings look at. Only a server's own `error`
 * text counts as a message (plus our timeout notice); "HTTP error! status: N" and network
 * failures leave it empty so the forms fall back to their friendly text.
 */
export function readServerError(error: unknown): ServerError {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 0) return { message: error.message };
  const body =
    typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  return {
    message: typeof body.error === 'string' && body.error.length > 0 ? body.error : undefined,
    code: typeof body.code === 'string' ? body.code : undefined,
    field: typeof body.field === 'string' ? body.field : undefined,
  };
}

export interface LoginErrorView {
  text: string;
  /** The account exists but its email is unverified: offer to resend the link. */
  isUnverified: boolean;
}

const LOGIN_TEXTS: Record<string, string> = {
  [M.invalidCredentials]: AUTH_ERROR_TEXTS.loginInvalid,
  [M.userNotFound]: AUTH_ERROR_TEXTS.loginInvalid,
  [M.invalidEmail]: AUTH_ERROR_TEXTS.invalidEmail,
  [M.passwordRequired]: AUTH_ERROR_TEXTS.passwordMissing,
  [M.emailRequired]: AUTH_ERROR_TEXTS.emailMissing,
};

const SIGNUP_TEXTS: Record<string, string> = {
  [M.userExists]: AUTH_ERROR_TEXTS.userExists,
  [M.invalidEmail]: AUTH_ERROR_TEXTS.invalidEmail,
  [M.allFieldsRequired]: AUTH_ERROR_TEXTS.fillAll,
};

/**
 * Every server message starting with this maps to the password-length text
 * (docs/product.md, "Sign-up errors").
 */
const PASSWORD_RULE_PREFIX = 'Password must be';

const lookup = (texts: Record<string, string>, message: string) =>
  Object.hasOwn(texts, message) ? texts[message] : undefined;

/** The text the sign-in form shows for a server answer (docs/product.md, "Sign-in errors"). */
export function loginErrorText({ message, code }: ServerError): LoginErrorView {
  if (code === ERROR_CODES.EMAIL_NOT_VERIFIED || message === M.emailNotVerified) {
    return { text: AUTH_ERROR_TEXTS.notVerified, isUnverified: true };
  }
  if (message === undefined) return { text: AUTH_ERROR_TEXTS.fallback, isUnverified: false };
  return { text: lookup(LOGIN_TEXTS, message) ?? message, isUnverified: false };
}

/** The text the sign-up form shows for a server answer (docs/product.md, "Sign-up errors"). */
export function signupErrorText({ message }: ServerError): string {
  if (message === undefined) return AUTH_ERROR_TEXTS.fallback;
  if (message.startsWith(PASSWORD_RULE_PREFIX)) return AUTH_ERROR_TEXTS.passwordTooShort;
  return lookup(SIGNUP_TEXTS, message) ?? message;
}

/**
 * Settings and other forms: the server's own text, else the form's fallback
 * (docs/product.md, "Other screens").
 */
export const serverTextOr = (error: unknown, fallback: string) => readServerError(error).message ?? fallback;
