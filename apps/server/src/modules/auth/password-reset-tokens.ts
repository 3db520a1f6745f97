import { PASSWORD_RESET_TTL_MS } from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { issueAccountLink, revokeAccountLinks } from './account-links.ts';
import { passwordResetTokens } from './schema.ts';

/** A new reset link token (1 hour, single use); every older link of the account stops working. */
export async function issuePasswordResetToken(db: DbOrTx, clock: Clock, userId: string): Promise<string> {
  const now = clock.now();
  await revokePasswordResetTokens(db, userId, now);
  return issueAccountLink(db, passwordResetTokens, { userId, now, ttlMs: PASSWORD_RESET_TTL_MS });
}

export const revokePasswordResetTokens = (db: DbOrTx, userId: string, now: Date) =>
  revokeAccountLinks(db, passwordResetTokens, userId, now);
