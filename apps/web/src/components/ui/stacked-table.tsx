import type { ReactNode } from 'react';

/** A table row that becomes a two-column card on phones, where the header row is only read aloud. */
export const ROW_CLASSES =
  'border-border border-b last:border-b-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4';

/** A cell that stacks under its own small label on phones. `compact` for dense, top-aligned tables. */
export function Cell({
  column,
  className = '',
  compact = false,
  children,
}: {
  column: string;
  className?: string;
  compact?: boolean;
  children: ReactNode;
}) {
  const spacing = compact ? 'px-3 py-3 align-top' : 'px-4 py-3 align-middle';
  return (
    <td className={`${spacing} max-sm:block max-sm:p-0 ${className}`}>
      <span aria-hidden="true" className="block text-muted text-xs sm:hidden">
        {column}
      </span>
      {children}
    </td>
  );
}
