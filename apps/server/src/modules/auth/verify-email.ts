import {
  AUTH_SERVER_MESSAGES as M,
  ACCOUNT_SECURITY_TEXTS as T,
  type VerifyEmailResponse,
} from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BadRequest } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { announceVerified } from './account-events.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthLimits } from './auth-limits.ts';
import { guardAttempt, WrongSecret } from './guard-attempt.ts';
import { issuePasswordResetToken } from './password-reset-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { emailVerificationTokens, type UserRow, users } from './schema.ts';
import { findUserById, promoteConfiguredAdmin } from './users.ts';

export interface VerifyEmailResult extends VerifyEmailResponse {
  /** Set when this call verified the address: the browser that opened the link is signed in. */
  signInUser?: UserRow;
}

/**
 * What proves that whoever holds the link also chose the account's password: the browser that
 * signed up (its signed cookie names the account), or the password itself. `disown` is the
 * mailbox owner saying they never signed up: the password somebody else chose is dropped.
 */
export interface VerifyProof {
  signupUserId?: string;
  password?: string;
  disown?: boolean;
}

const alreadyVerified = { message: M.alreadyVerified, alreadyVerified: true, creditsGranted: 0 };

/**
 * Uses a verification link once. A password chosen before the address was proven never survives
 * verification by someone who does not know it (account pre-hijacking): the link verifies at once
 * only in the browser that signed up, for an account without a password (an invitation), or with
 * the password; otherwise nothing happens and the page asks. Verifying consumes every link of the
 * account, so older links stop working; an already verified account is never signed in by a link.
 */
export async function verifyEmail(
  ctx: AuthContext & { limits: AuthLimits },
  token: string | undefined,
  proof: VerifyProof = {},
): Promise<VerifyEmailResult> {
  if (!token) throw new BadRequest(M.missingToken, 'token');
  const tokenHash = sha256Hex(token);
  const now = ctx.clock.now();
  const [link] = await ctx.db
    .select({
      userId: emailVerificationTokens.userId,
      usedAt: emailVerificationTokens.usedAt,
      expiresAt: emailVerificationTokens.expiresAt,
    })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash));
  const user = link ? await findUserById(ctx.db, link.userId) : undefined;
  if (!link || !user?.isActive) throw new BadRequest(M.invalidToken, 'token');
  if (user.emailVerifiedAt) return alreadyVerified;
  if (link.usedAt || link.expiresAt <= now) throw new BadRequest(M.invalidToken, 'token');

  const needsProof = user.passwordHash !== null && proof.signupUserId !== user.id;
  if (needsProof && !proof.disown) {
    if (proof.password === undefined) {
      return {
        message: T.verifyNeedsPassword,
        alreadyVerified: false,
        creditsGranted: 0,
        passwordRequired: true,
      };
    }
    await guardAttempt(ctx.limits.passwordFailuresPerAccount, user.email, async () => {
      if (!(await verifyPassword(user.passwordHash as string, proof.password as string))) {
        throw new WrongSecret(T.passwordWrong, 'password');
      }
    });
  }
  const isDisowned = needsProof && proof.disown === true;

  return ctx.db.transaction(async (tx) => {
    // Consumes this link and every other of the account; of two clicks at once, one wins.
    const consumed = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)))
      .returning({
        tokenHash: emailVerificationTokens.tokenHash,
        expiresAt: emailVerificationTokens.expiresAt,
      });
    const mine = consumed.find((row) => row.tokenHash === tokenHash);
    if (!mine || !(mine.expiresAt > now)) {
      const [current] = await tx
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, user.id));
      if (current?.verifiedAt) return alreadyVerified;
      throw new BadRequest(M.invalidToken, 'token');
    }
    const [verified = user] = await tx
      .update(users)
      .set({
        emailVerifiedAt: now,
        ...(isDisowned ? { passwordHash: null } : { lastLoginAt: now }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning();
    const creditsGranted = await announceVerified(tx, user);
    if (isDisowned) {
      // Whoever chose the password is out; the mailbox owner goes on to choose their own.
      const resetToken = await issuePasswordResetToken(tx, ctx.clock, user.id);
      return { message: M.verified, alreadyVerified: false, creditsGranted, resetToken };
    }
    return {
      message: M.verified,
      alreadyVerified: false,
      creditsGranted,
      signInUser: await promoteConfiguredAdmin(tx, ctx.config, verified),
    };
  });
}
