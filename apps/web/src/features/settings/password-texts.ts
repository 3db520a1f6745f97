import { AUTH_ERROR_TEXTS, PASSWORD_MIN_LENGTH } from '@conduit/contracts';

/** A Google-only account has no password yet: it sets one rather than changing it. */
export const passwordTitle = (hasPassword: boolean) => (hasPassword ? 'Change password' : 'Set a password');

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** Set password (docs/product.md, "Other forms"): the mismatch first, then the length. */
export function newPasswordError({ newPassword, confirmPassword }: NewPasswordValues): string | undefined {
  if (newPassword !== confirmPassword) return AUTH_ERROR_TEXTS.setPasswordMismatch;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return AUTH_ERROR_TEXTS.setPasswordTooShort;
  return undefined;
}
