import type { ReactNode } from 'react';
import { Cell, ROW_CLASSES, StackedTable } from '../../components/ui/stacked-table.tsx';

/** The building blocks of the docs' written sections, so every tab reads alike. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="font-semibold text-2xl text-fg tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-muted leading-relaxed">{children}</div>
    </section>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-[0.9em] text-fg">{children}</code>;
}

/** A reference table; on phones each row becomes a card whose values carry their column's name. */
export function DocTable({
  label,
  columns,
  rows,
  wideOnPhones = [],
}: {
  label: string;
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  /** Columns whose values take the card's whole width on phones (long texts). */
  wideOnPhones?: readonly number[];
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div tabIndex={0} className="overflow-x-auto rounded-xl border border-border bg-surface">
      <StackedTable
        columns={columns}
        label={label}
        headerClassName="whitespace-nowrap px-3 py-2.5 font-medium text-muted text-xs"
      >
        {rows.map((row) => (
          <tr key={row.key} className={ROW_CLASSES}>
            {row.cells.map((cell, index) => (
              <Cell
                key={columns[index]}
                column={columns[index] ?? ''}
                compact
                className={`text-fg ${wideOnPhones.includes(index) ? 'max-sm:col-span-2' : ''}`}
              >
                {cell}
              </Cell>
            ))}
          </tr>
        ))}
      </StackedTable>
    </div>
  );
}
