import { AUTH_SERVER_MESSAGES as M, normalizeEmail } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { Forbidden, Unauthorized } from '../../platform/errors.ts';
import { accountCreated, announceVerified } from './account-events.ts';
import type { AuthContext } from './auth-context.ts';
import type { GoogleProfile } from './google-oidc.ts';
import { type UserRow, users } from './schema.ts';
import { findUserByEmail, insertUser, promoteConfiguredAdmin } from './users.ts';

/**
 * The account behind a Google identity: the one already linked to it, else the account with the
 * same address (linked now), else a new one. Google-verified addresses count as verified and get
 * the free credits, once. Linking an account whose address was never verified also drops its
 * password: whoever chose it never proved they own the address (account pre-hijacking).
 */
export async function signInWithGoogle(ctx: AuthContext, profile: GoogleProfile): Promise<UserRow> {
  if (!profile.email || !profile.emailVerified) {
    throw new Unauthorized('Google did not confirm an email address for this account');
  }
  const email = normalizeEmail(profile.email);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const user = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [linked] = await tx
        .select()
        .from(users)
        .where(eq(users.googleId, profile.sub))
        .for('no key update');
      const existing = linked ?? (await findUserByEmail(tx, email));
      let account: UserRow | undefined;
      if (existing) {
        if (existing.deletedAt || !existing.isActive) throw new Forbidden(M.accountDisabled);
        const isUnverified = existing.emailVerifiedAt === null;
        [account] = await tx
          .update(users)
          .set({
            googleId: profile.sub,
            name: existing.name ?? profile.name ?? null,
            avatarUrl: profile.picture ?? existing.avatarUrl,
            emailVerifiedAt: existing.emailVerifiedAt ?? now,
            ...(isUnverified && { passwordHash: null }),
            lastLoginAt: now,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, existing.id))
          .returning();
      } else {
        account = await insertUser(tx, {
          email,
          googleId: profile.sub,
          name: profile.name ?? null,
          avatarUrl: profile.picture ?? null,
          emailVerifiedAt: now,
        });
        if (!account) return undefined;
        await accountCreated.publish({ tx, userId: account.id });
      }
      if (!account) return undefined;
      await announceVerified(tx, account);
      return promoteConfiguredAdmin(tx, ctx.config, account);
    });
    // undefined: a concurrent sign-in created the account first; the second pass finds it.
    if (user) return user;
  }
  throw new Error('Google sign-in could not settle the account');
}
