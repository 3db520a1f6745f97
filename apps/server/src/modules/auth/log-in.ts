import {
  ERROR_CODES,
  isEmail,
  type LoginBody,
  AUTH_SERVER_MESSAGES as M,
  normalizeEmail,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { AppError, Forbidden, Unauthorized, ValidationFailed } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { type UserRow, users } from './schema.ts';
import { findUserByEmail, promoteConfiguredAdmin } from './users.ts';

export class EmailNotVerified extends AppError {
  constructor() {
    super(ERROR_CODES.EMAIL_NOT_VERIFIED, M.emailNotVerified);
  }
}

/**
 * Presence and format of the login fields, each with the text the client maps
 * (docs/product.md, "Sign-in errors").
 */
export function readLoginFields(input: LoginBody): { email: string; password: string } {
  const email = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!email) throw new ValidationFailed(M.emailRequired, 'email');
  if (!password) throw new ValidationFailed(M.passwordRequired, 'password');
  if (!isEmail(email)) throw new ValidationFailed(M.invalidEmail, 'email');
  return { email: normalizeEmail(email), password };
}

/**
 * Checks a password sign-in. The password is checked before anything else is revealed: only a
 * caller who knows it learns that the account is unverified or deactivated.
 */
export async function logIn(ctx: AuthContext, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    throw new Unauthorized(M.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new Unauthorized(M.invalidCredentials);
  if (!user.isActive) throw new Forbidden(M.accountDisabled);
  if (!user.emailVerifiedAt) throw new EmailNotVerified();

  const [signedIn] = await ctx.db
    .update(users)
    .set({ lastLoginAt: ctx.clock.now(), updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return promoteConfiguredAdmin(ctx.db, ctx.config, signedIn ?? user);
}
