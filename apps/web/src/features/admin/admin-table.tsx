import type { ReactNode } from 'react';

/** The admin screen's tables: a card, a header row for wide screens, stacked rows on phones. */
export function AdminTable({
  columns,
  endAligned = [],
  label,
  labelledBy,
  children,
}: {
  columns: readonly string[];
  /** Columns whose cells sit at the end (figures, actions), so their headers do too. */
  endAligned?: readonly string[];
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
      <table
        aria-label={label}
        aria-labelledby={labelledBy}
        className="w-full text-left text-sm max-sm:block"
      >
        <thead className="border-border border-b max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`whitespace-nowrap px-4 py-3 font-medium text-muted text-xs ${
                  endAligned.includes(column) ? 'text-right' : ''
                }`}
              >
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
