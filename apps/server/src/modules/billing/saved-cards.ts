import { BILLING_TEXTS, type SavedCard } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import type { PaymentRow } from '../payments/schema.ts';
import { type SavedCardRow, savedCards } from './schema.ts';

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

export async function findSavedCard(db: DbOrTx, workspaceId: string): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.workspaceId, workspaceId));
  return row;
}

export const toSavedCard = (row: SavedCardRow): SavedCard => ({
  provider: row.provider,
  brand: row.brand,
  last4: row.last4,
  label: cardLabel(row.provider, row.brand, row.last4) ?? row.brand,
  savedAt: row.savedAt.toISOString(),
});
