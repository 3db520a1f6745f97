import { EMAIL_PATTERN, WAITLIST_TEXTS, type WaitlistEmailCheckResponse } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { ValidationFailed } from '../../platform/errors.ts';
import { waitlistEntries } from './schema.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';

/** Whether the mailbox behind an address already joined (Gmail's dots and +tags fold as on joining). */
export async function checkWaitlistEmail(db: DbOrTx, email: string): Promise<WaitlistEmailCheckResponse> {
  const trimmed = email.trim();
  if (!EMAIL_PATTERN.test(trimmed)) {
    throw new ValidationFailed(WAITLIST_TEXTS.invalidEmail, 'email');
  }
  const [entry] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailNormalized, normalizeWaitlistEmail(trimmed)));
  return { isOnWaitlist: entry !== undefined };
}
