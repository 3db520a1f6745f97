import type { AdminRevenueResponse } from '@conduit/contracts';
import { CardTable, Cell, FigureCell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatMonth } from './admin-format.ts';
import { formatSignedCents, MarginTable, ModelMarginTable } from './margin-table.tsx';

const COLUMNS = ['Month', 'Revenue', 'Upstream cost', 'Gross margin'] as const;

/** Each month's payments less what the upstreams charged, and the newest month per service and per model. */
export function RevenueMargins({ margins }: { margins: AdminRevenueResponse['margins'] }) {
  const latest = margins.at(-1);
  return (
    <div className="space-y-3">
      <CardTable columns={COLUMNS} label="Upstream cost and gross margin by month">
        {[...margins].reverse().map((month) => (
          <tr key={month.date} className={ROW_CLASSES}>
            <Cell column="Month" className="whitespace-nowrap text-fg">
              {formatMonth(month.date)}
            </Cell>
            <FigureCell column="Revenue">{formatSignedCents(month.revenue)}</FigureCell>
            <FigureCell column="Upstream cost">{formatSignedCents(month.upstreamCost)}</FigureCell>
            <FigureCell column="Gross margin">{formatSignedCents(month.grossMargin)}</FigureCell>
          </tr>
        ))}
      </CardTable>
      {latest && (
        <>
          <MarginTable margins={latest.services} label={`By service, ${formatMonth(latest.date)}`} />
          <ModelMarginTable margins={latest.models} label={`By model, ${formatMonth(latest.date)}`} />
        </>
      )}
    </div>
  );
}
