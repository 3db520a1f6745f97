import {
  isEmail,
  AUTH_SERVER_MESSAGES as M,
  normalizeEmail,
  passwordLengthOk,
  type RegisterBody,
  type RegisterResponse,
} from '@conduit/contracts';
import { Conflict, ValidationFailed } from '../../platform/errors.ts';
import { accountCreated } from './account-events.ts';
import type { AuthContext } from './auth-context.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser, NEW_WORKSPACE_PLAN, toAuthUser } from './users.ts';
import { issueVerificationToken, sendVerificationMail } from './verification-mail.ts';

/** Creates an unverified account and mails its verification link; it does not sign in. */
export async function registerUser(ctx: AuthContext, input: RegisterBody): Promise<RegisterResponse> {
  const email = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!email || !password) {
    throw new ValidationFailed(M.allFieldsRequired, email ? 'password' : 'email');
  }
  if (!isEmail(email)) throw new ValidationFailed(M.invalidEmail, 'email');
  if (!passwordLengthOk(password)) {
    throw new ValidationFailed(M.passwordTooShort, 'password');
  }
  const normalized = normalizeEmail(email);
  // A cheap look first spares an argon2 hash; the insert below still settles races.
  if (await findUserByEmail(ctx.db, normalized)) throw new Conflict(M.userExists);
  const passwordHash = await hashPassword(password);

  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { email: normalized, passwordHash });
    if (!user) return undefined;
    await accountCreated.publish({ tx, userId: user.id });
    return { user, token: await issueVerificationToken(tx, ctx.clock, user.id) };
  });
  if (!created) throw new Conflict(M.userExists);

  let emailSent = true;
  try {
    await sendVerificationMail(ctx, created.user.email, created.token);
  } catch (error) {
    emailSent = false;
    ctx.log.error({ err: error, userId: created.user.id }, 'verification mail failed');
  }
  return {
    user: toAuthUser(created.user, NEW_WORKSPACE_PLAN),
    emailSent,
    message: emailSent ? M.registered : M.registeredMailFailed,
  };
}
