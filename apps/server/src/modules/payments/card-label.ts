import { BILLING_TEXTS } from '@conduit/contracts';
import type { PaymentRow } from './schema.ts';

const brandName = (brand: string) =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

/** "Visa •••• 4242"; a sandbox card is "Sandbox card •••• 4242". */
export function cardLabel(provider: 'stripe' | 'sandbox', brand: string | null, last4: string | null) {
  const name = provider === 'sandbox' ? BILLING_TEXTS.sandboxCard : brand ? brandName(brand) : null;
  if (!name) return null;
  return last4 ? `${name} •••• ${last4}` : name;
}

/** How a payment was paid, for the purchase list and receipts. */
export const paymentMethodLabel = (row: Pick<PaymentRow, 'provider' | 'cardBrand' | 'cardLast4'>) =>
  cardLabel(row.provider, row.cardBrand, row.cardLast4);
