import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { BadRequest } from '../../platform/errors.ts';
import type { Clock } from '../../platform/services.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { isLiveLink, revokeAccountLinks } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import { emailChangeTokens } from './schema.ts';

/** The address change of the account still waiting for its confirmation, if any. */
export async function pendingEmailChange(db: DbOrTx, clock: Clock, userId: string) {
  const [link] = await db
    .select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, userId), isLiveLink(emailChangeTokens, clock.now())))
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return { pending: link ? { newEmail: link.newEmail, expiresAt: link.expiresAt.toISOString() } : null };
}

/** The signed-in owner cancels every pending change of address (Settings). */
export async function cancelEmailChange(db: DbOrTx, clock: Clock, userId: string) {
  await revokeAccountLinks(db, emailChangeTokens, userId, clock.now());
  return { message: T.emailChangeCancelled };
}

/**
 * The link in the notice to the old address: it works once, without a session (the owner may be
 * locked out), and only while its change is pending; it ends every pending change of the account.
 */
export async function cancelEmailChangeByLink(ctx: AuthContext, token: string | undefined) {
  if (!token) throw new BadRequest(T.emailChangeCancelInvalid, 'token');
  const now = ctx.clock.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailChangeTokens)
      .set({ usedAt: now })
      .where(and(eq(emailChangeTokens.cancelTokenHash, sha256Hex(token)), isLiveLink(emailChangeTokens, now)))
      .returning({ userId: emailChangeTokens.userId });
    if (link) await revokeAccountLinks(tx, emailChangeTokens, link.userId, now);
    return link;
  });
  if (!cancelled) throw new BadRequest(T.emailChangeCancelInvalid, 'token');
  return { message: T.emailChangeCancelled };
}
