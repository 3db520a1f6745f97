import { ADMIN_MESSAGES } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { type UserRow, users } from '../auth/schema.ts';

/**
 * The account an admin changes, locked for the transaction (concurrent admin changes of one
 * account queue up); deleted accounts are not found. NO KEY UPDATE, not UPDATE: a paid call's
 * debit inserts rows referencing the account, which takes a KEY SHARE lock on it while holding
 * the balance row; FOR UPDATE here would wait on that debit while it waits on us (a deadlock).
 */
export async function lockTargetUser(tx: Tx, userId: string): Promise<UserRow> {
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  if (!target) throw new NotFound(ADMIN_MESSAGES.userNotFound);
  return target;
}
