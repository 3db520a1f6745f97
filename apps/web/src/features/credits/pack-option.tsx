import {
  type CreditPackage,
  formatCents,
  formatPricePerCredit,
  PACK_TEXTS,
  savingsAgainstStarter,
} from '@conduit/contracts';
import { useId } from 'react';
import { formatQuantity } from '../../lib/format.ts';

export const POPULAR_BADGE = 'Most popular';

interface PackOptionProps {
  pack: CreditPackage;
  isChecked: boolean;
  isDisabled: boolean;
  onSelect: () => void;
}

/**
 * One credit pack as a radio card. The native radio, invisible, covers the whole card: a click anywhere
 * picks it, arrow keys move between packs, and the ring shows the choice and the keyboard focus.
 */
export function PackOption({ pack, isChecked, isDisabled, onSelect }: PackOptionProps) {
  const badgesId = useId();
  const nameId = useId();
  const detailsId = useId();
  const belowStarter = savingsAgainstStarter(pack);
  return (
    <label
      data-pack={pack.name}
      className={`relative flex cursor-pointer flex-col rounded-2xl border bg-surface p-4 shadow-card transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-text has-[:focus-visible]:outline-offset-2 hover:bg-surface-2 sm:p-5 ${
        isChecked ? 'border-primary-text ring-2 ring-primary-text' : 'border-border'
      } ${isDisabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <input
        type="radio"
        name="package"
        value={pack.name}
        checked={isChecked}
        disabled={isDisabled}
        onChange={onSelect}
        // Named by the pack alone ("Large"); its badges, price and savings describe it.
        aria-labelledby={nameId}
        aria-describedby={`${badgesId} ${detailsId}`}
        className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
      />
      <span id={badgesId} className="flex min-h-6 flex-wrap items-center gap-1.5">
        {pack.popular && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 font-medium text-primary-fg text-xs">
            {POPULAR_BADGE}
          </span>
        )}
        {pack.savingsPercent ? (
          <span className="rounded-full border border-success px-2.5 py-0.5 font-medium text-success text-xs">
            {PACK_TEXTS.savingsBadge(pack.savingsPercent)}
          </span>
        ) : null}
      </span>
      <span id={nameId} className="mt-2 font-semibold text-fg">
        {pack.label}
      </span>
      <span id={detailsId} className="contents">
        <span className="mt-3 font-semibold text-2xl text-fg tracking-tight">{formatCents(pack.price)}</span>
        <span className="mt-1 text-fg text-sm">{formatQuantity(pack.credits, 'credit')}</span>
        <span className="mt-0.5 text-muted text-xs">{formatPricePerCredit(pack)} per credit</span>
        {belowStarter > 0 && (
          <span className="mt-0.5 text-success text-xs">{PACK_TEXTS.belowStarter(belowStarter)}</span>
        )}
      </span>
    </label>
  );
}
