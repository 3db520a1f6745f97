import type { VariantMargin } from '@conduit/contracts';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminMarginsQuery } from './admin-api.ts';
import { featureLabel } from './admin-format.ts';
import { QueryColumn } from './admin-load-error.tsx';

const COLUMNS = [
  'Variant',
  'Service',
  'Price (credits)',
  'Upstream cost',
  'Revenue at cheapest pack',
  'Margin',
] as const;
const usd = (value: number) => `$${value.toFixed(3)}`;

function MarginRow({ row }: { row: VariantMargin }) {
  return (
    <tr className={ROW_CLASSES}>
      <TitleCell column="Variant">
        {row.model ?? featureLabel(row.service)} <span className="text-muted text-xs">{row.label}</span>
      </TitleCell>
      <Cell column="Service" className="text-fg">
        {featureLabel(row.service)}
      </Cell>
      <FigureCell column="Price (credits)">{formatCount(row.credits)}</FigureCell>
      <FigureCell column="Upstream cost">{usd(row.upstreamCostUsd)}</FigureCell>
      <FigureCell column="Revenue at cheapest pack">{usd(row.revenueUsdAtCheapestPack)}</FigureCell>
      <FigureCell column="Margin">
        {row.belowCost ? (
          <StatusBadge tone="bad">{`${row.marginPercent}% below cost`}</StatusBadge>
        ) : (
          <StatusBadge tone="good">{`${row.marginPercent}%`}</StatusBadge>
        )}
      </FigureCell>
    </tr>
  );
}

/**
 * The margin guard (docs/admin-figures.md, "Margin guard"): every enabled variant's price against
 * its upstream cost at the cheapest pack's rate; a row under the margin floor is "below cost".
 */
export function MarginGuardTable() {
  return (
    <QueryColumn options={adminMarginsQuery} className="space-y-2">
      {(answer) => (
        <>
          <h3 className="font-semibold text-fg text-sm">Margins per variant</h3>
          <CardTable columns={COLUMNS} label="Margins per variant">
            {answer.data.map((row) => (
              <MarginRow key={`${row.service}:${row.model}:${row.variant}`} row={row} />
            ))}
          </CardTable>
          <p className="text-muted text-xs">
            At the cheapest pack's rate per credit, with a margin floor of {answer.marginFloorPercent}%
            (MARGIN_FLOOR_PERCENT). Health stays amber while a variant sells below cost; a model price that
            would is refused unless "Accept prices below cost" is ticked.
          </p>
        </>
      )}
    </QueryColumn>
  );
}
