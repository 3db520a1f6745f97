import {
  type ChangeEmailBody,
  EMAIL_CHANGE_TTL_MS,
  PRODUCT_NAME,
  ROUTES,
  ACCOUNT_SECURITY_TEXTS as T,
} from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BadRequest, Conflict, ValidationFailed } from '../../platform/errors.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import { accountLinkUrl, isLiveLink, issueAccountLink, revokeAccountLinks } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthLimits } from './auth-limits.ts';
import { readEmailField } from './email-field.ts';
import { revokePasswordResetTokens } from './password-reset-tokens.ts';
import { assertReauthenticated } from './reauthenticate.ts';
import { emailChangeTokens, users } from './schema.ts';
import { mailEmailChanged, mailEmailChangeRequested } from './security-mail.ts';
import type { ActiveSession } from './sessions.ts';
import { findUserByEmail, isUniqueViolation } from './users.ts';

/**
 * Asks to move the account to a new address, after re-authentication: the new address gets a
 * confirmation link (24 hours, single use; older ones stop working), the old one a notice.
 * Nothing changes until the link is used.
 */
export async function requestEmailChange(
  ctx: AuthContext & { limits: AuthLimits },
  session: ActiveSession,
  input: ChangeEmailBody,
) {
  const newEmail = readEmailField(input.newEmail, 'newEmail');
  if (newEmail === session.user.email) throw new ValidationFailed(T.emailChangeSame, 'newEmail');
  await assertReauthenticated(ctx, session, input.password, 'password');
  await ctx.limits.emailChangePerAccount.consume(session.user.id);
  if (await findUserByEmail(ctx.db, newEmail)) throw new Conflict(T.emailChangeTaken);

  const now = ctx.clock.now();
  const userId = session.user.id;
  const cancelToken = newToken();
  const token = await ctx.db.transaction(async (tx) => {
    await revokeAccountLinks(tx, emailChangeTokens, userId, now);
    return issueAccountLink(tx, emailChangeTokens, {
      userId,
      now,
      ttlMs: EMAIL_CHANGE_TTL_MS,
      extra: { newEmail, cancelTokenHash: sha256Hex(cancelToken) },
    });
  });
  await ctx.mailer.send({
    to: newEmail,
    subject: `Confirm your new ${PRODUCT_NAME} address`,
    heading: 'Confirm your new address',
    paragraphs: [`Confirm that ${PRODUCT_NAME} may use this address for your account from now on.`],
    action: {
      label: 'Confirm new address',
      url: accountLinkUrl(ctx.config.PUBLIC_URL, ROUTES.confirmEmail, token),
    },
    footnote:
      'This link is valid for 24 hours and works once. If you did not ask for this, ignore this mail.',
  });
  const cancelUrl = accountLinkUrl(ctx.config.PUBLIC_URL, ROUTES.cancelEmailChange, cancelToken);
  mailEmailChangeRequested(ctx, session.user.email, newEmail, cancelUrl);
  return { message: T.emailChangeSent };
}

/**
 * Uses a confirmation link once: the account's address becomes the new one, the old one is told.
 * Reset links mailed to the old address stop working (they were sent to a mailbox that no longer
 * signs in).
 */
export async function confirmEmailChange(ctx: AuthContext, token: string | undefined) {
  if (!token) throw new BadRequest(T.emailChangeInvalid, 'token');
  const now = ctx.clock.now();
  const changed = await ctx.db
    .transaction(async (tx) => {
      const [link] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.tokenHash, sha256Hex(token)), isLiveLink(emailChangeTokens, now)))
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!link) return undefined;
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, link.userId))
        .for('update');
      const [after] = await tx
        .update(users)
        .set({ email: link.newEmail, updatedAt: sql`now()` })
        .where(and(eq(users.id, link.userId), eq(users.isActive, true), isNull(users.deletedAt)))
        .returning({ email: users.email });
      if (after) await revokePasswordResetTokens(tx, link.userId, now);
      return before && after ? { oldEmail: before.email, newEmail: after.email } : undefined;
    })
    .catch((error) => {
      if (isUniqueViolation(error)) throw new Conflict(T.emailChangeTaken);
      throw error;
    });
  if (!changed) throw new BadRequest(T.emailChangeInvalid, 'token');
  mailEmailChanged(ctx, changed.oldEmail, changed.newEmail);
  return { message: T.emailChanged };
}
