import { type DeleteAccountBody, AUTH_SERVER_MESSAGES as M, normalizeEmail } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { Forbidden, NotFound, ValidationFailed } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { accountDeleted, accountDeletionCommitted } from './account-events.ts';
import type { AuthContext } from './auth-context.ts';
import { verifyPassword } from './passwords.ts';
import {
  emailChangeTokens,
  emailVerificationTokens,
  knownDevices,
  passwordResetTokens,
  recoveryCodes,
  users,
} from './schema.ts';
import { revokeUserSessions } from './sessions.ts';
import { findUserById } from './users.ts';

/**
 * Deletes the signed-in account. Accounts with a password confirm with it; accounts that only
 * ever used Google confirm by typing their email address. The row is anonymised, not removed:
 * ledger and payment rows keep an owner for accounting, while the address, name, avatar,
 * password and Google link are gone (also from support tickets) and the address is free to sign up again. Sessions end at
 * once; the keys of the personal workspace stop at once because key checks require its account
 * active and undeleted. Team memberships end (an only owner must hand the team on first); team keys
 * the account created stay with their team. The account's result files expire at once (their URLs
 * answer 410) and a worker deletes them. Auto top-up goes off and the saved card is dropped.
 */
export async function deleteAccount(
  ctx: AuthContext & Pick<Services, 'jobs'>,
  userId: string,
  input: DeleteAccountBody,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new NotFound('Account not found');
  if (user.passwordHash) {
    if (!input.password) {
      throw new ValidationFailed(M.deletePasswordRequired, 'password');
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw new Forbidden(M.wrongPassword);
  } else if (normalizeEmail(input.confirmEmail ?? '') !== user.email) {
    throw new ValidationFailed(M.deleteConfirmEmailMismatch, 'confirmEmail');
  }

  const anonymousEmail = `deleted-${user.id}@deleted.invalid`;
  await ctx.db.transaction(async (tx) => {
    // Team memberships, support tickets' address, result files, auto top-up, request log.
    await accountDeleted.publish({ tx, userId: user.id, anonymousEmail, now: ctx.clock.now() });
    await tx
      .update(users)
      .set({
        email: anonymousEmail,
        passwordHash: null,
        googleId: null,
        totpSecret: null,
        totpEnabledAt: null,
        name: null,
        avatarUrl: null,
        isActive: false,
        deletedAt: ctx.clock.now(),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    for (const table of [
      emailVerificationTokens,
      passwordResetTokens,
      emailChangeTokens,
      recoveryCodes,
      knownDevices,
    ]) {
      await tx.delete(table).where(eq(table.userId, user.id));
    }
  });
  await accountDeletionCommitted.publish({ services: ctx, userId: user.id });
  ctx.log.info({ userId: user.id }, 'account deleted');
  return { message: M.accountDeleted };
}
