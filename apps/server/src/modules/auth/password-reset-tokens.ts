import { PASSWORD_RESET_TTL_MS } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import { passwordResetTokens } from './schema.ts';

/** A new reset link token (1 hour, single use); every older link of the account stops working. */
export async function issuePasswordResetToken(db: DbOrTx, clock: Clock, userId: string): Promise<string> {
  const now = clock.now();
  await revokePasswordResetTokens(db, userId, now);
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  return token;
}

export async function revokePasswordResetTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
