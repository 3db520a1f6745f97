import { formatCents, type ServiceMargin } from '@conduit/contracts';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { featureLabel } from './admin-format.ts';

const COLUMNS = ['Service', 'Calls', 'Credits kept', 'Earned', 'Upstream cost', 'Gross margin'] as const;

/** "$1.25", "-$0.42": money in cents, a loss with its sign. */
export const formatSignedCents = (cents: number) =>
  cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);

/** Upstream cost and gross margin per service (docs/admin-figures.md, "Cost and margin"). */
export function MarginTable({ margins, label }: { margins: ServiceMargin[]; label: string }) {
  return (
    <CardTable columns={COLUMNS} label={label}>
      {margins.map((row) => (
        <tr key={row.service} className={ROW_CLASSES}>
          <Cell column="Service" className="font-medium text-fg max-sm:col-span-2">
            {featureLabel(row.service)}
          </Cell>
          <Cell column="Calls" className="text-fg tabular-nums">
            {formatCount(row.calls)}
          </Cell>
          <Cell column="Credits kept" className="text-fg tabular-nums">
            {formatCount(row.credits)}
          </Cell>
          <Cell column="Earned" className="text-fg tabular-nums">
            {formatSignedCents(row.earned)}
          </Cell>
          <Cell column="Upstream cost" className="text-fg tabular-nums">
            {formatSignedCents(row.upstreamCost)}
          </Cell>
          <Cell
            column="Gross margin"
            className={`tabular-nums ${row.grossMargin < 0 ? 'text-danger' : 'text-fg'}`}
          >
            {formatSignedCents(row.grossMargin)}
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
