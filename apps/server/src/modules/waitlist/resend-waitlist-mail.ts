import { isEmail, WAITLIST_TEXTS } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import { ValidationFailed } from '../../platform/errors.ts';
import { waitlistEntries } from './schema.ts';
import type { WaitlistContext } from './waitlist-context.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';
import { issueWaitlistToken, sendConfirmationMail, sendStatusMail } from './waitlist-mail.ts';

/**
 * Mails an entry its links again: a fresh confirmation link while unconfirmed, else the status
 * link. The answer is the same whether or not the address is on the list, and the mail goes out
 * after the answer, so neither text nor timing tells.
 */
export function resendWaitlistMail(ctx: WaitlistContext, rawEmail: string | undefined) {
  const email = rawEmail?.trim() ?? '';
  if (!email) throw new ValidationFailed(WAITLIST_TEXTS.required('Email'), 'email');
  if (!isEmail(email)) throw new ValidationFailed(WAITLIST_TEXTS.invalidEmail, 'email');

  const delivery = (async () => {
    const [entry] = await ctx.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.emailNormalized, normalizeWaitlistEmail(email)));
    if (!entry) return;
    if (entry.verifiedAt) return sendStatusMail(ctx, entry);
    const token = await issueWaitlistToken(ctx.db, ctx.clock, entry.id);
    await sendConfirmationMail(ctx, entry, token);
  })().catch((error) => ctx.log.error({ err: error }, 'waitlist mail resend failed'));

  return { ok: true as const, message: WAITLIST_TEXTS.resendAccepted, delivery };
}
