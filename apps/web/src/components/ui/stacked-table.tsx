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

/** The cell naming the row: emphasised, and across the whole card on phones. */
export function TitleCell({ column, children }: { column: string; children: ReactNode }) {
  return (
    <Cell column={column} className="font-medium text-fg max-sm:col-span-2">
      {children}
    </Cell>
  );
}

/** A cell holding a figure: digits of equal width, in the text colour unless `className` says otherwise. */
export function FigureCell({
  column,
  className = 'text-fg',
  children,
}: {
  column: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Cell column={column} className={`tabular-nums ${className}`}>
      {children}
    </Cell>
  );
}

/**
 * The table itself: a header row read aloud only on phones, where the rows (`ROW_CLASSES`, `Cell`)
 * stack into cards. `headerClassName` styles each column's header.
 */
export function StackedTable({
  columns,
  headerClassName,
  label,
  labelledBy,
  children,
}: {
  columns: readonly string[];
  headerClassName: string | ((column: string) => string);
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <table aria-label={label} aria-labelledby={labelledBy} className="w-full text-left text-sm max-sm:block">
      <thead className="border-border border-b max-sm:sr-only">
        <tr>
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              className={typeof headerClassName === 'string' ? headerClassName : headerClassName(column)}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block">{children}</tbody>
    </table>
  );
}

/**
 * A table in a card: a header row for wide screens, rows that stack on phones (`ROW_CLASSES`,
 * `Cell`). `compact` for the dense tables of calls and posts, whose cells are `Cell compact`.
 */
export function CardTable({
  columns,
  endAligned = [],
  label,
  labelledBy,
  compact = false,
  children,
}: {
  columns: readonly string[];
  /** Columns whose cells sit at the end (figures, actions), so their headers do too. */
  endAligned?: readonly string[];
  label?: string;
  labelledBy?: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
      <StackedTable
        columns={columns}
        label={label}
        labelledBy={labelledBy}
        headerClassName={(column) =>
          `${compact ? 'px-3' : 'whitespace-nowrap px-4'} py-3 font-medium text-muted text-xs ${
            endAligned.includes(column) ? 'text-right' : ''
          }`
        }
      >
        {children}
      </StackedTable>
    </div>
  );
}
