import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Tx } from '../../platform/database.ts';
import { recordEvent } from '../events/record-event.ts';
import type { ChargeDetails } from '../payments/checkout-provider.ts';
import type { PaymentRow } from '../payments/schema.ts';
import { queueCardDetach } from './card-detach.ts';
import { queuePaymentMails } from './payment-mail.ts';
import { findSavedCard } from './saved-cards.ts';
import { autoTopUps, savedCards } from './schema.ts';
import { putWorkspaceSetting } from './workspace-setting.ts';

/**
 * What a credited payment means for billing, in the fulfil transaction: a purchase whose buyer
 * ticked "Save this card" saves its card (replacing an older one, detached at Stripe), a paid top-up ends a run
 * of declines, and the receipt is mailed to the billing contacts.
 */
export async function afterPaymentCredited(
  tx: Tx,
  workspace: { id: string; kind: 'personal' | 'team' },
  payment: PaymentRow,
  charge: ChargeDetails | undefined,
  jobs: PgBoss,
): Promise<void> {
  await queuePaymentMails(tx, jobs, 'receipt', payment);
  if (payment.saveCard && payment.paymentMethodId) {
    // The card it replaces is detached at Stripe once this commits: only the saved card stays chargeable.
    const replaced = await findSavedCard(tx, workspace.id);
    if (replaced?.provider === 'stripe' && replaced.paymentMethodId !== payment.paymentMethodId) {
      await queueCardDetach(tx, jobs, {
        workspaceId: workspace.id,
        paymentMethodId: replaced.paymentMethodId,
      });
    }
    const card = {
      provider: payment.provider,
      customerId: charge?.customerId ?? null,
      paymentMethodId: payment.paymentMethodId,
      brand: payment.cardBrand ?? 'card',
      last4: payment.cardLast4 ?? '????',
      paymentId: payment.id,
      savedAt: new Date(),
    };
    await putWorkspaceSetting(tx, savedCards, workspace, card, {
      actorId: payment.createdBy,
      action: 'auto_topup.card_saved',
      details: { paymentId: payment.id, brand: card.brand, last4: card.last4 },
    });
  }
  // `payment.succeeded`, in the fulfil transaction: it exists exactly when the credit does.
  await recordEvent(tx, {
    workspaceId: payment.workspaceId,
    type: 'payment.succeeded',
    data: {
      workspaceId: payment.workspaceId,
      paymentId: payment.id,
      kind: payment.kind,
      credits: payment.credits,
      amountCents: payment.amountCents,
      currency: payment.currency,
    },
    dedupeKey: `payment:${payment.id}`,
    at: payment.paidAt ?? new Date(),
  });
  // A paid top-up ends a run of declines; any credited purchase that lifts the balance back to the
  // threshold re-arms at once, so the next crossing buys again even before a scan saw the balance.
  await tx
    .update(autoTopUps)
    .set({
      ...(payment.kind === 'auto_topup' && { failures: 0, retryAt: null }),
      isArmed: sql`${autoTopUps.isArmed} or (select balance from credit_accounts c where c.workspace_id = ${autoTopUps.workspaceId}) >= ${autoTopUps.threshold}`,
    })
    .where(eq(autoTopUps.workspaceId, payment.workspaceId));
}
