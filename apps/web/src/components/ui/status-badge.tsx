import { CircleAlert, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const TONES: Record<Tone, { Icon: LucideIcon | null; classes: string }> = {
  good: { Icon: CircleCheck, classes: 'border-success text-success' },
  warn: { Icon: CircleAlert, classes: 'border-warning text-warning' },
  bad: { Icon: CircleX, classes: 'border-danger text-danger' },
  neutral: { Icon: null, classes: 'border-border text-muted' },
};

/** A small pill whose colour is backed by an icon and a word, never by colour alone. */
export function StatusBadge({ tone, children }: { tone: Tone; children: string }) {
  const { Icon, classes } = TONES[tone];
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs ${classes}`}
    >
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {children}
    </span>
  );
}

/**
 * An error rate under its threshold (5% per feature, 1% for health) is good
 * (docs/product.md, "Admin figures").
 */
export function RateBadge({ rate, goodBelow }: { rate: number; goodBelow: number }) {
  return rate < goodBelow ? (
    <StatusBadge tone="good">Good</StatusBadge>
  ) : (
    <StatusBadge tone="bad">High</StatusBadge>
  );
}
