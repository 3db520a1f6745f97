import { ADMIN_MESSAGES, type AdjustCreditsBody, type AdjustCreditsResponse } from '@conduit/contracts';
import { Conflict } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { adjustCredits, openCreditAccount } from '../credits/ledger.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { writeAuditEntry } from './audit-log.ts';
import { editLockedUser } from './lock-target.ts';

/**
 * A credit adjustment with the admin's reason: one ledger entry ('adjustment', the reason as its
 * note) and its audit row in one transaction. Taking away more than the balance is a 409 and
 * changes nothing: credits never go below 0.
 */
export async function adjustUserCredits(
  ctx: Pick<AdminContext, 'db' | 'clock'>,
  actor: AdminActor,
  userId: string,
  body: AdjustCreditsBody,
): Promise<AdjustCreditsResponse> {
  return editLockedUser(ctx.db, actor, userId, {}, async (tx, target) => {
    await openCreditAccount(tx, target.id);
    const reference = newId('adj');
    const result = await adjustCredits(tx, {
      workspaceId: target.id,
      delta: body.amount,
      reference,
      note: body.reason,
    });
    if (!result.isApplied) throw new Conflict(ADMIN_MESSAGES.overdraft(-body.amount, result.balance));
    await writeAuditEntry(tx, {
      actorId: actor.userId,
      action: 'credits.adjusted',
      targetUserId: target.id,
      at: ctx.clock.now(),
      details: { amount: body.amount, reason: body.reason, balanceAfter: result.balance, reference },
    });
    return { balance: result.balance };
  });
}
