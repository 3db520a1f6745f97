import type { ReactNode } from 'react';

/**
 * One line of a purchase summary (the receipt, the sandbox checkout): the term on the left, its
 * value on the right, both black on paper. `isCompact` for the receipt's tighter lines.
 */
export function SummaryLine({
  term,
  isCompact = false,
  children,
}: {
  term: string;
  isCompact?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${isCompact ? 'py-2' : 'py-3'}`}>
      <dt className="text-muted text-sm print:text-black">{term}</dt>
      <dd className="text-right font-medium text-fg print:text-black">{children}</dd>
    </div>
  );
}
