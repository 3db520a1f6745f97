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

/**
 * A card-framed table of compact rows (`ROW_CLASSES`, `Cell compact`): named by a caption read
 * aloud or by a heading elsewhere on the page, with one header cell per column.
 */
export function StackedTable({
  columns,
  caption,
  labelledBy,
  children,
}: {
  columns: readonly string[];
  caption?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
      <table aria-labelledby={labelledBy} className="w-full text-left text-sm max-sm:block">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-border border-b max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-medium text-muted text-xs">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}
