import { AUTH_SERVER_MESSAGES as M, passwordLengthOk, type SetPasswordBody } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { ValidationFailed } from '../../platform/errors.ts';
import { revokeAccountLinks } from './account-links.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthLimits } from './auth-limits.ts';
import { revokePasswordResetTokens } from './password-reset-tokens.ts';
import { hashPassword } from './passwords.ts';
import { assertReauthenticated } from './reauthenticate.ts';
import { emailChangeTokens, users } from './schema.ts';
import { mailPasswordChanged } from './security-mail.ts';
import { type ActiveSession, revokeUserSessions } from './sessions.ts';

/**
 * Sets or changes the password of the signed-in account, once the owner proved it is them (the
 * current password; a recent sign-in for a Google-only account), and ends its other sessions
 * (someone holding an old session should not outlive a password change), its reset links and any
 * pending address change. The owner gets a notice.
 */
export async function setPassword(
  ctx: AuthContext & { limits: AuthLimits },
  session: ActiveSession,
  input: SetPasswordBody,
) {
  const { newPassword } = input;
  if (!newPassword || !passwordLengthOk(newPassword)) {
    throw new ValidationFailed(M.passwordTooShort, 'newPassword');
  }
  await assertReauthenticated(ctx, session, input.currentPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, session.user.id))
      .returning();
    await revokeUserSessions(tx, session.user.id, session.sessionId);
    // Links mailed before the change must not outlive it: an old reset link or an address change
    // someone else requested would take the account back.
    await revokePasswordResetTokens(tx, session.user.id, now);
    await revokeAccountLinks(tx, emailChangeTokens, session.user.id, now);
    return updated;
  });
  if (user) mailPasswordChanged(ctx, user.email);
  return { message: M.passwordSet };
}
