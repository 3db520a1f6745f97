import { ADMIN_REVENUE_MONTHS, formatCents } from '@conduit/contracts';
import { lazy, Suspense, useId } from 'react';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { adminRevenueQuery } from './admin-api.ts';
import { formatGrowth, formatMonth } from './admin-format.ts';
import { QueryColumn } from './admin-load-error.tsx';
import { Reconciliation } from './reconciliation.tsx';
import { RevenueMargins } from './revenue-margins.tsx';
import { lastMonths, type RevenueMonth } from './revenue-months.ts';

/** The chart is its own chunk: only an admin opening this tab downloads it. */
const RevenueChart = lazy(() => import('./revenue-chart.tsx'));

const COLUMNS = ['Month', 'Revenue', 'Growth'] as const;

function Growth({ rate }: { rate: number | null }) {
  if (rate === null) {
    return (
      <span className="text-muted" title="No revenue the month before">
        <span aria-hidden="true">n/a</span>
        <span className="sr-only">No revenue the month before</span>
      </span>
    );
  }
  const tone = rate > 0 ? 'text-success' : rate < 0 ? 'text-danger' : 'text-fg';
  return <span className={`font-medium tabular-nums ${tone}`}>{formatGrowth(rate)}</span>;
}

function RevenueView({ months }: { months: RevenueMonth[] }) {
  const chartTitleId = useId();
  const tableTitleId = useId();
  const total = months.reduce((sum, month) => sum + month.revenue.total, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <section
        aria-labelledby={chartTitleId}
        className="rounded-2xl border border-border bg-surface p-5 shadow-card lg:col-span-3"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={chartTitleId} className="font-semibold text-fg text-lg">
            Last {ADMIN_REVENUE_MONTHS} months
          </h2>
          <p className="text-muted text-sm">
            <span className="font-semibold text-fg">{formatCents(total)}</span> in all
          </p>
        </div>
        <div className="mt-4">
          <Suspense
            fallback={
              <p
                role="status"
                className="flex aspect-[640/260] items-center justify-center text-muted text-sm"
              >
                Loading chart...
              </p>
            }
          >
            <RevenueChart months={months} />
          </Suspense>
        </div>
      </section>
      <section aria-labelledby={tableTitleId} className="lg:col-span-2">
        <h2 id={tableTitleId} className="sr-only">
          Revenue by month
        </h2>
        <CardTable columns={COLUMNS} labelledBy={tableTitleId}>
          {[...months].reverse().map((month) => (
            <tr key={month.date} className={ROW_CLASSES}>
              <Cell column="Month" className="whitespace-nowrap text-fg">
                {formatMonth(month.date)}
              </Cell>
              <Cell column="Revenue" className="text-fg tabular-nums">
                {formatCents(month.revenue.total)}
              </Cell>
              <Cell column="Growth" className="max-sm:col-span-2">
                <Growth rate={month.growthRate} />
              </Cell>
            </tr>
          ))}
        </CardTable>
      </section>
    </div>
  );
}

/**
 * Revenue of the last six months from real payments, as a chart and a table
 * (docs/product.md, "Admin figures").
 */
export function RevenueTab() {
  return (
    <QueryColumn options={adminRevenueQuery} className="space-y-6">
      {(data) => (
        <>
          <RevenueView months={lastMonths(data.revenueData)} />
          <RevenueMargins margins={data.margins} />
          <Reconciliation />
        </>
      )}
    </QueryColumn>
  );
}
