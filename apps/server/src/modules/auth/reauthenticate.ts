import { RECENT_SIGN_IN_MS, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { Forbidden, ValidationFailed } from '../../platform/errors.ts';
import type { Clock } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { guardAttempt, WrongSecret } from './guard-attempt.ts';
import { verifyPassword } from './passwords.ts';
import type { ActiveSession } from './sessions.ts';

/**
 * Proof that the person behind a session is the owner, before a change a stolen session must not
 * be able to make (password, address, two-factor): the current password, counted against the
 * same failure budget as sign-in; an account without one must have signed in within 10 minutes.
 */
export async function assertReauthenticated(
  ctx: { clock: Clock; limits: AuthLimits },
  session: ActiveSession,
  password: string | undefined,
  field = 'currentPassword',
): Promise<void> {
  const { user } = session;
  if (user.passwordHash) {
    const hash = user.passwordHash;
    if (!password) throw new ValidationFailed(T.currentPasswordRequired, field);
    await guardAttempt(ctx.limits.passwordFailuresPerAccount, user.email, async () => {
      if (!(await verifyPassword(hash, password))) throw new WrongSecret(T.currentPasswordWrong, field);
    });
    return;
  }
  if (ctx.clock.now().getTime() - session.signedInAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new Forbidden(T.recentSignInRequired);
  }
}
