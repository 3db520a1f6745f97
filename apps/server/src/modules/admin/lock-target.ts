import { ADMIN_MESSAGES, type UpdateUserBody } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { type UserRow, users } from '../auth/schema.ts';
import type { AdminActor } from './admin-context.ts';
import { assertMayEdit } from './admin-rules.ts';

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

/**
 * An admin's change to one account, in one transaction: the account locked, the admin's right to
 * make `change` checked against it, then `edit`.
 */
export function editLockedUser<T>(
  db: Db,
  actor: AdminActor,
  userId: string,
  change: UpdateUserBody,
  edit: (tx: Tx, target: UserRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    assertMayEdit(actor, target, change);
    return edit(tx, target);
  });
}
