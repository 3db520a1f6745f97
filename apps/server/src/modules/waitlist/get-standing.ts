import { WAITLIST_TEXTS, type WaitlistStanding } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import { Forbidden } from '../../platform/errors.ts';
import { findRankedEntry, standingFigures } from './rank.ts';
import { waitlistEntries } from './schema.ts';
import { isValidStatusToken } from './status-link.ts';
import type { WaitlistContext } from './waitlist-context.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';
import { referralLinkOf } from './waitlist-mail.ts';

/**
 * The status page's data, only for the signed link mailed to the address. A wrong or missing
 * signature and an address not on the list answer the same 403, so the answer never tells
 * whether an address joined.
 */
export async function getWaitlistStanding(
  ctx: WaitlistContext,
  rawEmail: string | undefined,
  token: string | undefined,
): Promise<WaitlistStanding> {
  const emailNormalized = normalizeWaitlistEmail(rawEmail ?? '');
  if (!token || !emailNormalized || !isValidStatusToken(ctx.sessionSecret, emailNormalized, token)) {
    throw new Forbidden(WAITLIST_TEXTS.statusLinkInvalid);
  }
  const [row] = await ctx.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailNormalized, emailNormalized));
  const entry = row && (await findRankedEntry(ctx.db, row.id));
  if (!entry) throw new Forbidden(WAITLIST_TEXTS.statusLinkInvalid);
  return {
    ...standingFigures(entry),
    email: entry.email,
    referralCode: entry.referralCode,
    referralLink: referralLinkOf(ctx.config.PUBLIC_URL, entry.referralCode),
  };
}
