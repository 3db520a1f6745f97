import { type CreditsResponse, PAYMENT_TEXTS } from '@conduit/contracts';
import { Coins, ShoppingCart, Zap } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount } from '../../lib/format.ts';

export const BALANCE_LABEL = 'Credits balance';
export const PURCHASED_LABEL = 'Credits purchased';
export const USED_LABEL = 'Credits used';

/**
 * The credits screen (docs/product.md, "Signed-in area"): balance, purchased, used, and the note
 * that credits never expire.
 */
export function CreditSummary({ credits }: { credits: CreditsResponse }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        label={BALANCE_LABEL}
        value={formatCount(credits.balance)}
        note={PAYMENT_TEXTS.neverExpire}
        Icon={Coins}
      />
      <StatCard
        label={PURCHASED_LABEL}
        value={formatCount(credits.totalPurchased)}
        note="All time"
        Icon={ShoppingCart}
      />
      <StatCard
        label={USED_LABEL}
        value={formatCount(credits.totalUsed)}
        note="All time, refunds deducted"
        Icon={Zap}
      />
    </div>
  );
}
