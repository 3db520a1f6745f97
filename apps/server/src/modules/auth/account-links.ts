import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import type { emailChangeTokens, emailVerificationTokens, passwordResetTokens } from './schema.ts';

type LinkTable = typeof emailVerificationTokens | typeof passwordResetTokens | typeof emailChangeTokens;

/**
 * A new mailed single-use link of an account, valid `ttlMs` from `now`: the token to put in the
 * link (only its SHA-256 is kept). `extra` holds what the link is for (a new address).
 */
export async function issueAccountLink(
  db: DbOrTx,
  table: LinkTable,
  link: { userId: string; now: Date; ttlMs: number; extra?: { newEmail: string; cancelTokenHash: string } },
): Promise<string> {
  const token = newToken();
  const { userId, now, ttlMs, extra } = link;
  await db.insert(table as typeof emailChangeTokens).values({
    tokenHash: sha256Hex(token),
    userId,
    ...(extra as { newEmail: string; cancelTokenHash: string }),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The page of the app at `route` that takes a mailed link's `token`, as the link in the mail. */
export const accountLinkUrl = (publicUrl: string, route: string, token: string) =>
  `${publicUrl}${route}?token=${encodeURIComponent(token)}`;

/** A link of `table` that still works at `now`: never used, not expired. */
export const isLiveLink = (table: LinkTable, now: Date) =>
  and(isNull(table.usedAt), gt(table.expiresAt, now));

/** Every unused link of the account in `table` stops working (marked used at `now`). */
export async function revokeAccountLinks(db: DbOrTx, table: LinkTable, userId: string, now: Date) {
  await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}
