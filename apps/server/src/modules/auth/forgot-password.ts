import { PRODUCT_NAME, ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { accountLinkUrl } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import { readEmailField } from './email-field.ts';
import { issuePasswordResetToken } from './password-reset-tokens.ts';
import { findUserByEmail } from './users.ts';

/**
 * Mails a reset link to an active account. The answer is the same whether or not the address has
 * an account, and the mail goes out after the answer, so neither the text nor the timing tells.
 */
export function forgotPassword(ctx: AuthContext, rawEmail: string | undefined) {
  const email = readEmailField(rawEmail, 'email');

  const delivery = (async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user?.isActive) return;
    const token = await issuePasswordResetToken(ctx.db, ctx.clock, user.id);
    await ctx.mailer.send({
      to: user.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      heading: 'Reset your password',
      paragraphs: [
        `Someone asked to reset the password of the ${PRODUCT_NAME} account for this address. Choose a new password with the link below; every signed-in session will be signed out.`,
      ],
      action: {
        label: 'Choose a new password',
        url: accountLinkUrl(ctx.config.PUBLIC_URL, ROUTES.resetPassword, token),
      },
      footnote:
        'This link is valid for 1 hour and works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    });
  })().catch((error) => ctx.log.error({ err: error }, 'password reset mail failed'));

  return { message: T.forgotAccepted, delivery };
}
