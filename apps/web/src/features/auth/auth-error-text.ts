import { AUTH_ERROR_TEXTS, ERROR_CODES, AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import type { ServerError } from '../../lib/server-error.ts';

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
