import { AUTH_FORM_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import {
  confirmFieldError,
  confirmHelp,
  emailFieldError,
  loginSubmitError,
  passwordFieldError,
  signupSubmitError,
} from './auth-validation.ts';

const signup = (password: string, confirmPassword: string, email = 'ada@example.com') => ({
  email,
  password,
  confirmPassword,
});

describe('field rules (docs/product.md, "Sign-in and sign-up")', () => {
  it('checks the email', () => {
    expect(emailFieldError('')).toBe(T.emailRequired);
    expect(emailFieldError('   ')).toBe(T.emailRequired);
    expect(emailFieldError('ada@example')).toBe(T.emailInvalid);
    expect(emailFieldError('ada example.com')).toBe(T.emailInvalid);
    expect(emailFieldError('ada@example.com')).toBeUndefined();
  });

  it('checks the password', () => {
    expect(passwordFieldError('')).toBe(T.passwordRequired);
    expect(passwordFieldError('12345')).toBe(T.passwordTooShort);
    expect(passwordFieldError('123456')).toBeUndefined();
  });

  it('checks the confirmation', () => {
    expect(confirmFieldError(signup('secret1', ''))).toBe(T.confirmRequired);
    expect(confirmFieldError(signup('secret1', 'secret2'))).toBe(T.passwordsDiffer);
    expect(confirmFieldError(signup('secret1', 'secret1'))).toBeUndefined();
  });

  it('picks the confirmation help', () => {
    expect(confirmHelp(signup('', ''))).toBe('enterFirst');
    expect(confirmHelp(signup('secret1', ''))).toBe('confirm');
    expect(confirmHelp(signup('secret1', 'secret'))).toBe('confirm');
    expect(confirmHelp(signup('secret1', 'secret1'))).toBe('match');
  });
});

describe('submit checks (docs/product.md, "Sign-in and sign-up")', () => {
  it('checks sign-in in order', () => {
    expect(loginSubmitError({ email: ' ', password: '' })).toBe(T.submitEmail);
    expect(loginSubmitError({ email: 'ada@example.com', password: '' })).toBe(T.submitPasswordLogin);
    expect(loginSubmitError({ email: 'ada@example.com', password: 'x' })).toBeUndefined();
  });

  it('checks sign-up in order', () => {
    expect(signupSubmitError(signup('', '', ''))).toBe(T.submitEmail);
    expect(signupSubmitError(signup('', ''))).toBe(T.submitPasswordSignup);
    expect(signupSubmitError(signup('secret1', ''))).toBe(T.submitConfirm);
    expect(signupSubmitError(signup('secret1', 'secret2'))).toBe(T.submitPasswordsDiffer);
    expect(signupSubmitError(signup('secret1', 'secret1'))).toBeUndefined();
  });
});
