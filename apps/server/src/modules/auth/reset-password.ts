import {
  AUTH_SERVER_MESSAGES as M,
  passwordLengthOk,
  type ResetPasswordBody,
  ACCOUNT_SECURITY_TEXTS as T,
} from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BadRequest, ValidationFailed } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { announceVerified } from './account-events.ts';
import { isLiveLink, revokeAccountLinks } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import { revokePasswordResetTokens } from './password-reset-tokens.ts';
import { hashPassword } from './passwords.ts';
import {
  emailChangeTokens,
  emailVerificationTokens,
  passwordResetTokens,
  type UserRow,
  users,
} from './schema.ts';
import { mailPasswordChanged } from './security-mail.ts';
import { revokeUserSessions } from './sessions.ts';
import { promoteConfiguredAdmin } from './users.ts';

/**
 * Says whether a reset link can still set a password (unused, unexpired, its account active),
 * without spending it: its page asks when it opens, so a spent link is said to be one before the
 * new password is typed twice.
 */
export async function checkResetLink(ctx: Pick<AuthContext, 'db' | 'clock'>, token: string | undefined) {
  if (!token) throw new BadRequest(T.resetInvalid, 'token');
  const [link] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(token)),
        isLiveLink(passwordResetTokens, ctx.clock.now()),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!link) throw new BadRequest(T.resetInvalid, 'token');
  return { message: T.resetLinkUsable };
}

/**
 * Sets a new password from a reset link (single use: a conditional update consumes it). The link
 * proves the address, so an unverified account becomes verified (with its free credits, once per
 * mailbox). Every session of the account ends, and so does any pending address change; the caller
 * then signs this browser in.
 */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordBody): Promise<UserRow> {
  if (!input.token) throw new BadRequest(T.resetInvalid, 'token');
  if (!input.newPassword) throw new ValidationFailed(M.passwordRequired, 'newPassword');
  if (!passwordLengthOk(input.newPassword)) {
    throw new ValidationFailed(M.passwordTooShort, 'newPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();

  const user = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256Hex(input.token as string)),
          isLiveLink(passwordResetTokens, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!link) return undefined;
    const [account] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
    if (!account?.isActive || account.deletedAt) return undefined;
    const [updated = account] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: account.emailVerifiedAt ?? now,
        lastLoginAt: now,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, account.id))
      .returning();
    await revokePasswordResetTokens(tx, updated.id, now);
    // Whoever asked to move the account to their mailbox loses that link with the reset.
    await revokeAccountLinks(tx, emailChangeTokens, updated.id, now);
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, updated.id), isNull(emailVerificationTokens.usedAt)));
    await revokeUserSessions(tx, updated.id);
    if (!account.emailVerifiedAt) await announceVerified(tx, updated);
    return promoteConfiguredAdmin(tx, ctx.config, updated);
  });
  if (!user) throw new BadRequest(T.resetInvalid, 'token');
  mailPasswordChanged(ctx, user.email);
  return user;
}
