import { isEmail, PASSWORD_MIN_LENGTH, AUTH_FORM_TEXTS as T } from '@conduit/contracts';

export interface LoginValues {
  email: string;
  password: string;
}

export interface SignupValues extends LoginValues {
  confirmPassword: string;
}

/** The field rules of docs/product.md, "Sign-in and sign-up", shown under a field after it loses focus. */
export function emailFieldError(email: string): string | undefined {
  if (email.trim() === '') return T.emailRequired;
  if (!isEmail(email)) return T.emailInvalid;
  return undefined;
}

export function passwordFieldError(password: string): string | undefined {
  if (password === '') return T.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return T.passwordTooShort;
  return undefined;
}

export type NewPasswordPair = Pick<SignupValues, 'password' | 'confirmPassword'>;

export function confirmFieldError({ password, confirmPassword }: NewPasswordPair): string | undefined {
  if (confirmPassword === '') return T.confirmRequired;
  if (confirmPassword !== password) return T.passwordsDiffer;
  return undefined;
}

export type ConfirmHelp = 'enterFirst' | 'confirm' | 'match';

/** The confirm field's help: 'Enter password first', 'Confirm your password' or a match tick. */
export function confirmHelp({ password, confirmPassword }: NewPasswordPair): ConfirmHelp {
  if (password === '') return 'enterFirst';
  return confirmPassword === password ? 'match' : 'confirm';
}

/**
 * The submit checks of sign-in, in order (docs/product.md, "Sign-in and sign-up"); undefined when
 * the form may be sent.
 */
export function loginSubmitError({ email, password }: LoginValues): string | undefined {
  if (email.trim() === '') return T.submitEmail;
  if (password === '') return T.submitPasswordLogin;
  return undefined;
}

export function signupSubmitError(values: SignupValues): string | undefined {
  if (values.email.trim() === '') return T.submitEmail;
  if (values.password === '') return T.submitPasswordSignup;
  if (values.confirmPassword === '') return T.submitConfirm;
  if (values.confirmPassword !== values.password) return T.submitPasswordsDiffer;
  return undefined;
}
