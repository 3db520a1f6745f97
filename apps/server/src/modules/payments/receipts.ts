import {
  BILLING_TEXTS,
  CREDIT_PACKAGES,
  type CreditPackageName,
  PRODUCT_NAME,
  type Receipt,
  ROUTES,
} from '@conduit/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { DbOrTx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { users } from '../auth/schema.ts';
import { supportAddress } from '../support/support-contact.ts';
import { paymentMethodLabel } from './card-label.ts';
import { type PaymentRow, payments } from './schema.ts';

/** Where a payment's receipt is: Stripe's hosted one, our own page for a paid sandbox payment, or none. */
export function receiptUrlOf(row: PaymentRow): string | null {
  if (row.status !== 'paid') return null;
  if (row.provider === 'sandbox') return `${ROUTES.appReceipts}/${row.id}`;
  return row.receiptUrl;
}

/** "Visa •••• 4242" or "Sandbox card"; null while the card is not known. */
export const methodOf = (row: PaymentRow) =>
  paymentMethodLabel(row) ?? (row.provider === 'sandbox' ? BILLING_TEXTS.sandboxCard : null);

/**
 * A paid payment of the workspace as our receipt page (and its PDF) prints it: the seller, the
 * billing details frozen on the payment when it was paid, what was bought and by whom.
 * Any other payment, or one of another workspace, is not found.
 */
export async function getReceipt(
  db: DbOrTx,
  config: Pick<Config, 'PUBLIC_URL' | 'SUPPORT_EMAIL'>,
  workspaceId: string,
  paymentId: string,
): Promise<Receipt> {
  const [found] = await db
    .select({
      row: payments,
      buyerEmail: users.email,
      buyerName: users.name,
      buyerDeletedAt: users.deletedAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.createdBy))
    .where(and(eq(payments.id, paymentId), eq(payments.workspaceId, workspaceId)));
  const row = found?.row;
  if (row?.status !== 'paid' || !row.paidAt) throw new NotFound(BILLING_TEXTS.receiptNotFound);
  const buyer =
    found?.buyerEmail && !found.buyerDeletedAt
      ? found.buyerName?.trim()
        ? `${found.buyerName.trim()} <${found.buyerEmail}>`
        : found.buyerEmail
      : null;
  // Frozen on the row when it was paid: later changes to the details do not change the receipt.
  const billingDetails = (row.billingDetails ?? null) as Receipt['billingDetails'];
  return {
    paymentId: row.id,
    seller: { name: PRODUCT_NAME, website: config.PUBLIC_URL, email: supportAddress(config) },
    billingDetails,
    package: row.package,
    label: CREDIT_PACKAGES[row.package as CreditPackageName]?.label ?? row.package,
    credits: row.credits,
    amount: row.amountCents,
    currency: row.currency,
    paidAt: row.paidAt.toISOString(),
    method: methodOf(row) ?? 'Card',
    kind: row.kind,
    buyer,
    testMode: row.provider === 'sandbox',
  };
}
