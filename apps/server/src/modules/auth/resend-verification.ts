import { AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import type { AuthContext } from './auth-context.ts';
import { readEmailField } from './email-field.ts';
import { findUserByEmail } from './users.ts';
import { issueVerificationToken, sendVerificationMail } from './verification-mail.ts';

/**
 * Mails a fresh link to an unverified account. The answer is the same whether or not the
 * address has an account, and the mail goes out after the answer, so neither the text nor the
 * timing tells.
 */
export async function resendVerification(ctx: AuthContext, rawEmail: string | undefined) {
  const normalized = readEmailField(rawEmail, 'email');

  const delivery = (async () => {
    const user = await findUserByEmail(ctx.db, normalized);
    if (!user || user.emailVerifiedAt || !user.isActive) return;
    const token = await issueVerificationToken(ctx.db, ctx.clock, user.id);
    await sendVerificationMail(ctx, user.email, token);
  })().catch((error) => ctx.log.error({ err: error }, 'verification mail resend failed'));

  return { message: M.resendAccepted, delivery };
}
