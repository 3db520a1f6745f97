import { formatCents, type ServiceMargin } from '@conduit/contracts';
import { CardTable, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { featureLabel } from './admin-format.ts';

const COLUMNS = [
  'Service',
  'Completed calls',
  'Credits kept',
  'Earned',
  'Upstream cost',
  'Gross margin',
] as const;

/** "$1.25", "-$0.42": money in cents, a loss with its sign. */
export const formatSignedCents = (cents: number) =>
  cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);

/** Upstream cost and gross margin per service (docs/admin-figures.md, "Cost and margin"). */
export function MarginTable({ margins, label }: { margins: ServiceMargin[]; label: string }) {
  return (
    <CardTable columns={COLUMNS} label={label}>
      {margins.map((row) => (
        <tr key={row.service} className={ROW_CLASSES}>
          <TitleCell column="Service">{featureLabel(row.service)}</TitleCell>
          <FigureCell column="Completed calls">{formatCount(row.calls)}</FigureCell>
          <FigureCell column="Credits kept">{formatCount(row.credits)}</FigureCell>
          <FigureCell column="Earned">{formatSignedCents(row.earned)}</FigureCell>
          <FigureCell column="Upstream cost">{formatSignedCents(row.upstreamCost)}</FigureCell>
          <FigureCell column="Gross margin" className={row.grossMargin < 0 ? 'text-danger' : 'text-fg'}>
            {formatSignedCents(row.grossMargin)}
          </FigureCell>
        </tr>
      ))}
    </CardTable>
  );
}
