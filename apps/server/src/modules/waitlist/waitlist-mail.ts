import {
  PRODUCT_NAME,
  REFERRAL_BOOST_POSITIONS,
  VERIFY_LINK_TTL_MS,
  WAITLIST_ROUTES,
} from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import { waitlistVerificationTokens } from './schema.ts';
import { statusLink } from './status-link.ts';
import type { WaitlistContext } from './waitlist-context.ts';

/** A new single-use confirmation token, valid 24 hours; only its hash is kept. */
export async function issueWaitlistToken(db: DbOrTx, clock: Clock, entryId: string): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(waitlistVerificationTokens).values({
    tokenHash: sha256Hex(token),
    entryId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS),
  });
  return token;
}

export const referralLinkOf = (publicUrl: string, code: string) => `${publicUrl}/?ref=${code}`;

interface MailEntry {
  email: string;
  emailNormalized: string;
  referralCode: string;
}

const statusUrl = (ctx: WaitlistContext, entry: MailEntry) =>
  statusLink(ctx.config.PUBLIC_URL, ctx.sessionSecret, entry.email, entry.emailNormalized);

/** Sent on joining (and on resend while unconfirmed): the confirmation link plus the private status link. */
export async function sendConfirmationMail(ctx: WaitlistContext, entry: MailEntry, token: string) {
  const confirmUrl = `${ctx.config.PUBLIC_URL}${WAITLIST_ROUTES.verify}?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: entry.email,
    subject: `Confirm your spot on the ${PRODUCT_NAME} waitlist`,
    heading: 'Confirm your spot on the waitlist',
    paragraphs: [
      `Thanks for joining the ${PRODUCT_NAME} waitlist. Confirm that this address is yours to keep your place.`,
      `Share your referral link: every friend who joins through it and confirms their email moves you up ${REFERRAL_BOOST_POSITIONS} places. ${referralLinkOf(ctx.config.PUBLIC_URL, entry.referralCode)}`,
      `Check your position any time with your private status link (keep it to yourself): ${statusUrl(ctx, entry)}`,
    ],
    action: { label: 'Confirm my email', url: confirmUrl },
    footnote: `The confirmation link is valid for 24 hours and works once. If you did not join the ${PRODUCT_NAME} waitlist, ignore this mail.`,
  });
}

/** Sent on resend once confirmed: the status link again. */
export async function sendStatusMail(ctx: WaitlistContext, entry: MailEntry) {
  await ctx.mailer.send({
    to: entry.email,
    subject: `Your place on the ${PRODUCT_NAME} waitlist`,
    heading: 'Your waitlist status',
    paragraphs: [
      'Here is your private link to see your position and referrals on the waitlist.',
      `Your referral link: ${referralLinkOf(ctx.config.PUBLIC_URL, entry.referralCode)}`,
    ],
    action: { label: 'See my position', url: statusUrl(ctx, entry) },
    footnote: 'Keep this link to yourself: anyone who has it can see your position.',
  });
}

/** "Invite next N": the person's turn has come. */
export async function sendInvitationMail(ctx: WaitlistContext, entry: MailEntry & { name: string }) {
  await ctx.mailer.send({
    to: entry.email,
    subject: `Your ${PRODUCT_NAME} access is ready`,
    heading: `You're in, ${entry.name}`,
    paragraphs: [
      `Your spot on the ${PRODUCT_NAME} waitlist has come up. Create your account with this address to get your API key and free credits.`,
    ],
    action: { label: 'Create my account', url: `${ctx.config.PUBLIC_URL}/` },
    footnote: `You receive this mail because you joined the ${PRODUCT_NAME} waitlist.`,
  });
}
