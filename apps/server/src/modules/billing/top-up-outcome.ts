import { AUTO_TOP_UP_MAX_FAILURES } from '@conduit/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/database.ts';
import type { Services } from '../../platform/services.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { recordEvent } from '../events/record-event.ts';
import type { ChargeOutcome } from '../payments/checkout-provider.ts';
import { fulfilPaymentIntent } from '../payments/fulfil-payment.ts';
import { payments } from '../payments/schema.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { queuePaymentMails } from './payment-mail.ts';
import { autoTopUps } from './schema.ts';
import { mailTopUpTurnedOff } from './top-up-mail.ts';

export type TopUpServices = Pick<Services, 'db' | 'pool' | 'mailer' | 'config' | 'log' | 'jobs'>;

/**
 * A declined top-up, recorded once: the payment moves from pending to failed in a conditional
 * UPDATE, and only the statement that moved it counts the decline. The third decline in a row
 * turns auto top-up off (its owners are mailed after the commit); before that it re-arms and
 * tries again after AUTO_TOPUP_RETRY_S.
 */
export async function recordTopUpFailure(
  services: TopUpServices,
  paymentId: string,
  failure: { message: string; paymentIntentId: string | null },
  now: Date,
): Promise<'recorded' | 'turned-off' | 'already-settled'> {
  const outcome = await services.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: failure.message.slice(0, 500),
        updatedAt: sql`now()`,
        ...(failure.paymentIntentId && { paymentIntentId: failure.paymentIntentId }),
      })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'processing'])))
      .returning();
    if (!failed) return 'already-settled' as const;
    await queuePaymentMails(tx, services.jobs, 'declined', failed);
    const retryAt = new Date(now.getTime() + services.config.AUTO_TOPUP_RETRY_S * 1000);
    const [state] = await tx
      .update(autoTopUps)
      .set({
        failures: sql`${autoTopUps.failures} + 1`,
        isArmed: true,
        retryAt,
        isEnabled: sql`${autoTopUps.isEnabled} and ${autoTopUps.failures} + 1 < ${AUTO_TOP_UP_MAX_FAILURES}`,
        turnedOffAfterFailures: sql`${autoTopUps.turnedOffAfterFailures} or (${autoTopUps.isEnabled} and ${autoTopUps.failures} + 1 >= ${AUTO_TOP_UP_MAX_FAILURES})`,
      })
      .where(eq(autoTopUps.workspaceId, failed.workspaceId))
      .returning();
    const [workspace] = await tx
      .select({ id: workspaces.id, kind: workspaces.kind })
      .from(workspaces)
      .where(eq(workspaces.id, failed.workspaceId));
    // Only the decline that switched it off (it was on, and this is the third) tells the owners.
    const turnedOff = Boolean(
      state?.turnedOffAfterFailures && !state.isEnabled && state.failures === AUTO_TOP_UP_MAX_FAILURES,
    );
    if (workspace) {
      await recordTeamEvent(tx, {
        workspace,
        actorId: null,
        action: 'auto_topup.failed',
        details: { paymentId, message: failure.message, failuresInARow: state?.failures ?? 1 },
      });
      await recordEvent(tx, {
        workspaceId: workspace.id,
        type: 'auto_topup.failed',
        data: {
          workspaceId: workspace.id,
          paymentId,
          message: failure.message,
          failuresInARow: state?.failures ?? 1,
          isTurnedOff: turnedOff,
        },
        dedupeKey: `auto_topup_failed:${paymentId}`,
        at: now,
      });
      if (turnedOff) {
        await recordTeamEvent(tx, {
          workspace,
          actorId: null,
          action: 'auto_topup.turned_off',
          details: { failuresInARow: state?.failures },
        });
      }
    }
    return turnedOff ? ('turned-off' as const) : ('recorded' as const);
  });
  if (outcome === 'turned-off') {
    const [payment] = await services.db.select().from(payments).where(eq(payments.id, paymentId));
    if (payment) {
      await mailTopUpTurnedOff(services, payment).catch((error) =>
        services.log.error({ err: error, paymentId }, 'could not mail that auto top-up was turned off'),
      );
    }
  }
  return outcome;
}

/** A charge on its way (a processing PaymentIntent): its webhook or the next scan settles it. */
async function markProcessing(db: Db, paymentId: string, paymentIntentId: string) {
  await db
    .update(payments)
    .set({ status: 'processing', paymentIntentId, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * Acts on what the provider said about a top-up charge, from the charge's own answer, a poll, or
 * the `payment_intent.*` webhook: a success credits through the one fulfil path (once, however
 * many of them race), a decline is recorded once.
 */
export async function settleTopUp(
  services: TopUpServices,
  paymentId: string,
  outcome: ChargeOutcome,
  now: Date,
  log: Logger = services.log,
): Promise<string> {
  if (outcome.status === 'succeeded') {
    const result = await services.db.transaction((tx) =>
      fulfilPaymentIntent(
        tx,
        paymentId,
        {
          paymentIntentId: outcome.paymentIntentId,
          amountTotal: outcome.amount,
          currency: outcome.currency,
          charge: outcome.charge,
        },
        { log, jobs: services.jobs },
      ),
    );
    return result.kind;
  }
  if (outcome.status === 'processing') {
    await markProcessing(services.db, paymentId, outcome.paymentIntentId);
    return 'processing';
  }
  return recordTopUpFailure(services, paymentId, outcome, now);
}
