import {
  type CreditPackage,
  formatCents,
  formatPricePerCredit,
  PACK_TEXTS,
  packContents,
  savingsAgainstStarter,
} from '@conduit/contracts';
import { Check } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { creditLabel } from './services.ts';

const count = (value: number, noun: string) => `${value.toLocaleString('en-US')} ${noun}`;

interface PricingCardProps {
  pack: CreditPackage;
  onChoose: (packName: string) => void;
}

export function PricingCard({ pack, onChoose }: PricingCardProps) {
  const contents = packContents(pack.credits);
  const items = [
    count(contents.videos, 'videos'),
    count(contents.scrapes, 'LinkedIn scrapes'),
    count(contents.images, 'images'),
    count(contents.removals, 'watermark removals'),
  ];
  const isPopular = pack.popular === true;
  const headingId = `pack-${pack.name}`;

  return (
    <li
      data-pack={pack.name}
      className={`relative flex flex-col rounded-2xl border bg-surface p-6 shadow-card sm:p-8 ${
        isPopular ? 'border-primary-text ring-1 ring-primary-text' : 'border-border'
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-fg text-lg">
          {pack.label}
        </h3>
        {isPopular && (
          <span className="rounded-full bg-primary px-3 py-1 font-medium text-primary-fg text-xs">
            Most popular
          </span>
        )}
      </div>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="font-semibold text-4xl text-fg tracking-tight">{formatCents(pack.price)}</span>
        <span className="text-muted text-sm">one-time</span>
      </p>
      <p className="mt-2 text-fg">
        {creditLabel(pack.credits)}{' '}
        <span className="text-muted">· {formatPricePerCredit(pack)} per credit</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-success">
        {savingsAgainstStarter(pack) > 0 ? PACK_TEXTS.belowStarter(savingsAgainstStarter(pack)) : null}
      </p>
      <Button
        variant={isPopular ? 'primary' : 'secondary'}
        className="mt-6 w-full"
        onClick={() => onChoose(pack.name)}
      >
        Get {pack.label}
      </Button>
      <p className="mt-6 font-medium text-fg text-sm">Enough for any one of</p>
      <ul className="mt-3 space-y-2.5">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2 text-muted text-sm">
            <Check aria-hidden="true" className="size-4 shrink-0 text-primary-text" />
            {item}
          </li>
        ))}
      </ul>
    </li>
  );
}
