import { ERROR_CODES, AUTH_SERVER_MESSAGES as M, PRODUCT_NAME, passwordLengthOk } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { BadRequest } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { hashPassword } from './passwords.ts';
import { users } from './schema.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets or changes the password of the signed-in account and ends its other sessions (someone
 * holding an old session should not outlive a password change). The owner gets a notice mail.
 */
export async function setPassword(
  ctx: AuthContext,
  actor: { userId: string; sessionId: string },
  newPassword: string | undefined,
) {
  if (!newPassword || !passwordLengthOk(newPassword)) {
    throw new BadRequest(M.passwordTooShort, 'newPassword', ERROR_CODES.VALIDATION_FAILED);
  }
  const passwordHash = await hashPassword(newPassword);
  const user = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId))
      .returning();
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    return updated;
  });
  if (user) {
    ctx.mailer
      .send({
        to: user.email,
        subject: `Your ${PRODUCT_NAME} password was changed`,
        heading: 'Your password was changed',
        paragraphs: [
          `The password of your ${PRODUCT_NAME} account was just set or changed, and your other sessions were signed out.`,
          'If this was not you, reset your password at once and contact support.',
        ],
      })
      .catch((error) => ctx.log.error({ err: error }, 'password notice mail failed'));
  }
  return { message: M.passwordSet };
}
