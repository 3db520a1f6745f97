import { randomInt } from 'node:crypto';
import {
  REFERRAL_BOOST_POSITIONS,
  REFERRAL_CODE_PATTERN,
  validateWaitlistAnswers,
  WAITLIST_TEXTS,
  type WaitlistJoinResponse,
} from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import { Conflict, ValidationFailed } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { findRankedEntry, standingFigures } from './rank.ts';
import { waitlistEntries } from './schema.ts';
import { statusLink } from './status-link.ts';
import type { WaitlistContext } from './waitlist-context.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';
import { issueWaitlistToken, referralLinkOf, sendConfirmationMail } from './waitlist-mail.ts';

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 5;

const newReferralCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export interface JoinInput {
  body: Record<string, unknown>;
  ip?: string;
}

/**
 * Puts an address on the waitlist and mails its confirmation link. The referral (if the code
 * names someone else's entry) is recorded now and counts once this newcomer confirms.
 */
export async function joinWaitlist(ctx: WaitlistContext, input: JoinInput): Promise<WaitlistJoinResponse> {
  const checked = validateWaitlistAnswers(input.body);
  if (!checked.ok) throw new ValidationFailed(checked.message, checked.field);
  const { answers } = checked;
  const email = answers.email as string;
  const emailNormalized = normalizeWaitlistEmail(email);
  const referrerId = await findReferrer(ctx, input.body.ref, emailNormalized);

  const now = ctx.clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await ctx.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(waitlistEntries)
          .values({
            id: newId('wl'),
            email,
            emailNormalized,
            name: answers.name as string,
            answers,
            referralCode: newReferralCode(),
            referredBy: referrerId ?? null,
            ip: input.ip ?? null,
            createdAt: now,
          })
          .returning();
        if (!entry) throw new Error('waitlist insert returned nothing');
        return { entry, token: await issueWaitlistToken(tx, ctx.clock, entry.id) };
      });
      try {
        await sendConfirmationMail(ctx, created.entry, created.token);
      } catch (error) {
        ctx.log.error({ err: error, entryId: created.entry.id }, 'waitlist confirmation mail failed');
      }
      const ranked = await findRankedEntry(ctx.db, created.entry.id);
      if (!ranked) throw new Error('new waitlist entry has no rank');
      return {
        ...standingFigures(ranked),
        email: ranked.email,
        referralCode: ranked.referralCode,
        referralLink: referralLinkOf(ctx.config.PUBLIC_URL, ranked.referralCode),
        // The entry was made by this very request: its maker may see its standing at once.
        statusLink: statusLink(ctx.config.PUBLIC_URL, ctx.sessionSecret, ranked.email, emailNormalized),
        nextSteps: [
          `Confirm your email: we sent a link to ${email}.`,
          `Share your referral link. Each friend who joins and confirms moves you up ${REFERRAL_BOOST_POSITIONS} places.`,
          'Watch your inbox: we will email you an invitation when your spot comes up.',
        ],
      };
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === undefined) throw error;
      if (constraint.includes('email_normalized')) throw new Conflict(WAITLIST_TEXTS.alreadyJoined);
      if (attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The referrer's entry id; an unknown or malformed code is ignored, one's own is refused. */
async function findReferrer(ctx: WaitlistContext, rawCode: unknown, emailNormalized: string) {
  if (typeof rawCode !== 'string') return undefined;
  const code = rawCode.trim().toLowerCase();
  if (!REFERRAL_CODE_PATTERN.test(code)) return undefined;
  const [referrer] = await ctx.db
    .select({ id: waitlistEntries.id, emailNormalized: waitlistEntries.emailNormalized })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.referralCode, code));
  if (!referrer) return undefined;
  if (referrer.emailNormalized === emailNormalized) {
    throw new ValidationFailed(WAITLIST_TEXTS.selfReferral, 'ref');
  }
  return referrer.id;
}

/** The unique constraint a failed insert hit (PostgreSQL 23505), looking through Drizzle's wrapper. */
function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    const { code, constraint, cause } = current as { code?: string; constraint?: string; cause?: unknown };
    if (code === '23505') return constraint ?? '';
    current = cause;
  }
  return undefined;
}
