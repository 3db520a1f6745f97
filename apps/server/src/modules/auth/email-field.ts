import { isEmail, AUTH_SERVER_MESSAGES as M, normalizeEmail } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

/**
 * An address typed into `field`: present and well formed (else a 400 naming the field, with the
 * text the client maps), then normalized as accounts keep it.
 */
export function readEmailField(raw: string | undefined, field: string): string {
  const email = raw?.trim() ?? '';
  if (!email) throw new ValidationFailed(M.emailRequired, field);
  if (!isEmail(email)) throw new ValidationFailed(M.invalidEmail, field);
  return normalizeEmail(email);
}
