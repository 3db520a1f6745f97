import type { PgBoss } from 'pg-boss';
import type { Tx } from '../../platform/database.ts';
import { defineDomainEvent } from '../../platform/domain-events.ts';
import type { Services } from '../../platform/services.ts';
import type { ChargeDetails, ChargeOutcome } from './checkout-provider.ts';
import type { PaymentRow } from './schema.ts';

/**
 * A payment was credited, published in the fulfil transaction (billing saves the card, mails the
 * receipt, records `payment.succeeded` and re-arms auto top-up, all in that transaction).
 */
export const paymentCredited = defineDomainEvent<{
  tx: Tx;
  workspace: { id: string; kind: 'personal' | 'team' };
  payment: PaymentRow;
  charge: ChargeDetails | undefined;
  jobs: PgBoss;
}>('payment.credited');

/**
 * Stripe's `payment_intent.*` webhook said how an auto top-up's off-session charge ended: billing,
 * which makes those charges, settles it (credits it through the fulfil path, or records the decline).
 */
export const topUpChargeSettled = defineDomainEvent<{
  services: Pick<Services, 'db' | 'pool' | 'mailer' | 'config' | 'log' | 'jobs'>;
  paymentId: string;
  outcome: ChargeOutcome;
  now: Date;
}>('payment.top_up_charge_settled');
