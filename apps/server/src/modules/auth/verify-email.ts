import {
  FREE_CREDITS_ON_VERIFY,
  AUTH_SERVER_MESSAGES as M,
  type VerifyEmailResponse,
} from '@conduit/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { BadRequest } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { grantFreeCredits } from '../credits/ledger.ts';
import type { AuthContext } from './auth-context.ts';
import { emailVerificationTokens, users } from './schema.ts';
import { findUserById, promoteConfiguredAdmin } from './users.ts';

export interface VerifyEmailResult extends VerifyEmailResponse {
  /** Set when this call used the link: the browser that opened it is signed in. */
  signInUserId?: string;
}

/**
 * Uses a verification link once: the token is consumed by a conditional update, so of two
 * concurrent clicks exactly one verifies and grants the free credits; the other (and any later
 * click) answers "already verified". Expired and unknown tokens are refused.
 */
export async function verifyEmail(ctx: AuthContext, token: string | undefined): Promise<VerifyEmailResult> {
  if (!token) throw new BadRequest(M.missingToken, 'token');
  const tokenHash = sha256Hex(token);
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });

    if (!consumed) {
      const [used] = await tx
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(emailVerificationTokens)
        .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
        .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(users.deletedAt)));
      if (used?.verifiedAt) return { message: M.alreadyVerified, alreadyVerified: true, creditsGranted: 0 };
      throw new BadRequest(M.invalidToken, 'token');
    }

    const user = await findUserById(tx, consumed.userId);
    if (!user?.isActive) throw new BadRequest(M.invalidToken, 'token');
    const wasVerified = user.emailVerifiedAt !== null;
    // The link signs the account in, so it counts as a login too.
    const [verified = user] = await tx
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, lastLoginAt: now, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    await promoteConfiguredAdmin(tx, ctx.config, verified);
    const grant = await grantFreeCredits(tx, user.id);
    return {
      message: wasVerified ? M.alreadyVerified : M.verified,
      alreadyVerified: wasVerified,
      creditsGranted: grant.isApplied ? FREE_CREDITS_ON_VERIFY : 0,
      signInUserId: user.id,
    };
  });
}
