import {
  EMAIL_PATTERN,
  ERROR_CODES,
  WAITLIST_TEXTS,
  type WaitlistEmailCheckResponse,
} from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { BadRequest } from '../../platform/errors.ts';
import { waitlistEntries } from './schema.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';

/** Whether the mailbox behind an address already joined (Gmail's dots and +tags fold as on joining). */
export async function checkWaitlistEmail(db: DbOrTx, email: string): Promise<WaitlistEmailCheckResponse> {
  const trimmed = email.trim();
  if (!EMAIL_PATTERN.test(trimmed)) {
    throw new BadRequest(WAITLIST_TEXTS.invalidEmail, 'email', ERROR_CODES.VALIDATION_FAILED);
  }
  const [entry] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailNormalized, normalizeWaitlistEmail(trimmed)));
  return { isOnWaitlist: entry !== undefined };
}
