import { isEmail, normalizeEmail, TEAM_NAME_MAX_LENGTH, TEAM_TEXTS } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

/** A team's name, trimmed; 400 when empty or too long. */
export function readTeamName(value: string | undefined): string {
  const name = value?.trim() ?? '';
  if (!name) throw new ValidationFailed(TEAM_TEXTS.nameRequired, 'name');
  if (name.length > TEAM_NAME_MAX_LENGTH) throw new ValidationFailed(TEAM_TEXTS.nameTooLong, 'name');
  return name;
}

/** An optional email address (billing email, invitation): normalised, or null when empty. */
export function readEmail(value: string | null | undefined, field: string): string | null {
  const email = normalizeEmail(value ?? '');
  if (!email) return null;
  if (!isEmail(email)) throw new ValidationFailed(TEAM_TEXTS.emailInvalid, field);
  return email;
}
