import { WAITLIST_TEXTS, type WaitlistVerifyResponse } from '@conduit/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { BadRequest, ValidationFailed } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { waitlistEntries, waitlistVerificationTokens } from './schema.ts';
import { statusLink } from './status-link.ts';
import type { WaitlistContext } from './waitlist-context.ts';

/**
 * Confirms an entry's address with its mailed token. The token is consumed by one conditional
 * update, so of two concurrent clicks one confirms; a used token of a confirmed entry answers
 * "already confirmed". From this moment the entry counts as a referral for whoever referred it.
 */
export async function verifyWaitlistEntry(
  ctx: WaitlistContext,
  token: string | undefined,
): Promise<WaitlistVerifyResponse> {
  if (!token) throw new ValidationFailed(WAITLIST_TEXTS.missingToken, 'token');
  const tokenHash = sha256Hex(token);
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(waitlistVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(waitlistVerificationTokens.tokenHash, tokenHash),
          isNull(waitlistVerificationTokens.usedAt),
          gt(waitlistVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ entryId: waitlistVerificationTokens.entryId });

    const entryId =
      consumed?.entryId ??
      (
        await tx
          .select({ entryId: waitlistVerificationTokens.entryId })
          .from(waitlistVerificationTokens)
          .where(eq(waitlistVerificationTokens.tokenHash, tokenHash))
      )[0]?.entryId;
    const [entry] = entryId
      ? await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId))
      : [];
    if (!entry || (!consumed && !entry.verifiedAt))
      throw new BadRequest(WAITLIST_TEXTS.invalidToken, 'token');

    const wasVerified = entry.verifiedAt !== null;
    if (!wasVerified) {
      await tx.update(waitlistEntries).set({ verifiedAt: now }).where(eq(waitlistEntries.id, entry.id));
    }
    return {
      message: wasVerified ? WAITLIST_TEXTS.alreadyVerified : WAITLIST_TEXTS.verified,
      alreadyVerified: wasVerified,
      statusLink: statusLink(ctx.config.PUBLIC_URL, ctx.sessionSecret, entry.email, entry.emailNormalized),
    };
  });
}
