import { AUTH_ERROR_TEXTS as E, AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { readServerError, serverTextOr } from '../../lib/server-error.ts';
import { loginErrorText, signupErrorText } from './auth-error-text.ts';

describe('loginErrorText (docs/product.md, "Sign-in errors")', () => {
  it.each([
    [M.invalidCredentials, E.loginInvalid],
    [M.userNotFound, E.loginInvalid],
    [M.invalidEmail, E.invalidEmail],
    [M.passwordRequired, E.passwordMissing],
    [M.emailRequired, E.emailMissing],
  ])('maps %j to %j', (message, text) => {
    expect(loginErrorText({ message })).toEqual({ text, isUnverified: false });
  });

  it('offers the resend option for an unverified email, by message or by code', () => {
    const unverified = { text: E.notVerified, isUnverified: true };
    expect(loginErrorText({ message: M.emailNotVerified })).toEqual(unverified);
    expect(loginErrorText({ message: 'Something else', code: 'EMAIL_NOT_VERIFIED' })).toEqual(unverified);
  });

  it('shows any other server message as is, else the fallback', () => {
    expect(loginErrorText({ message: M.tooManyAttempts }).text).toBe(M.tooManyAttempts);
    expect(loginErrorText({ message: M.accountDisabled }).text).toBe(M.accountDisabled);
    expect(loginErrorText({}).text).toBe(E.fallback);
  });
});

describe('signupErrorText (docs/product.md, "Sign-up errors")', () => {
  it.each([
    [M.userExists, E.userExists],
    [M.invalidEmail, E.invalidEmail],
    [M.passwordTooShort, E.passwordTooShort],
    ['Password must be at most 256 characters long', E.passwordTooShort],
    [M.allFieldsRequired, E.fillAll],
    [M.tooManyAttempts, M.tooManyAttempts],
  ])('maps %j to %j', (message, text) => {
    expect(signupErrorText({ message })).toBe(text);
  });

  it('falls back without a server message', () => {
    expect(signupErrorText({})).toBe(E.fallback);
  });

  it('does not match inherited object keys', () => {
    expect(signupErrorText({ message: 'constructor' })).toBe('constructor');
    expect(loginErrorText({ message: 'toString' }).text).toBe('toString');
  });
});

describe('readServerError', () => {
  it("reads the server's error text and code", () => {
    const error = new ApiError('Email not verified', 403, {
      error: 'Email not verified',
      code: 'EMAIL_NOT_VERIFIED',
      requestId: 'req_1',
    });
    expect(readServerError(error)).toEqual({ message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' });
  });

  it('ignores the generic HTTP text and network failures', () => {
    expect(readServerError(new ApiError('HTTP error! status: 502', 502, 'Bad gateway'))).toEqual({
      message: undefined,
      code: undefined,
    });
    expect(readServerError(new TypeError('Failed to fetch'))).toEqual({});
    expect(serverTextOr(new TypeError('Failed to fetch'), E.deleteFailed)).toBe(E.deleteFailed);
  });

  it('keeps the timeout notice', () => {
    expect(readServerError(new ApiError('The request timed out. Please try again.', 0, null)).message).toBe(
      'The request timed out. Please try again.',
    );
  });
});
