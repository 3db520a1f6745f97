import { PRODUCT_NAME, ROUTES, VERIFY_LINK_TTL_MS } from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { accountLinkUrl, issueAccountLink } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import { emailVerificationTokens } from './schema.ts';

/** A new single-use link token, valid 24 hours; only its hash is kept. */
export function issueVerificationToken(db: DbOrTx, clock: Clock, userId: string): Promise<string> {
  return issueAccountLink(db, emailVerificationTokens, {
    userId,
    now: clock.now(),
    ttlMs: VERIFY_LINK_TTL_MS,
  });
}

export function verificationLink(publicUrl: string, token: string): string {
  return accountLinkUrl(publicUrl, ROUTES.verifyEmail, token);
}

export async function sendVerificationMail(ctx: AuthContext, email: string, token: string) {
  await ctx.mailer.send({
    to: email,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Thanks for signing up for ${PRODUCT_NAME}. Confirm that this address is yours to activate your account.`,
      'Your free credits are added as soon as you confirm.',
    ],
    action: { label: 'Verify email', url: verificationLink(ctx.config.PUBLIC_URL, token) },
    footnote: `This link is valid for 24 hours and works once. If you did not create a ${PRODUCT_NAME} account, ignore this mail.`,
  });
}
