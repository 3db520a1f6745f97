import { ROUTES, SERVICE_LABELS, SERVICES, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { LabelledCard } from '../../components/ui/labelled-card.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { LoadingSkeleton, Skeleton } from '../../components/ui/skeleton.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { monthName } from './chart-scale.ts';
import { browserTimeZone, type DailyUsage, dailyUsageQuery } from './daily-usage-query.ts';
import { UsageDaysTable } from './usage-days-table.tsx';
import { METRIC_LABELS, SERVICE_COLOR, type UsageMetric } from './usage-series.ts';

/** The chart is its own chunk: the dashboard's figures show before it arrives. */
const UsageChart = lazy(() => import('./usage-chart.tsx'));

export const USAGE_CHART_TITLE = `Your last ${USAGE_WINDOW_DAYS} days`;
export const DAILY_USAGE_LOAD_FAILED = 'Failed to load your daily usage';
export const THIS_MONTH_LABEL = 'Spent this month';
const METRICS: UsageMetric[] = ['calls', 'credits'];

/** The chart's place while its figures or its chunk load. */
const chartLoading = (
  <LoadingSkeleton>
    <Skeleton className="aspect-[640/220] w-full" />
  </LoadingSkeleton>
);

export const NO_CALLS_YET = 'No calls yet';

/** The chart's place before the first call: what will show here, and how to make that call. */
function NoCallsYet() {
  const { can } = useWorkspace();
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-xl border border-border border-dashed p-6 text-center text-sm">
      <p className="font-medium text-fg">{NO_CALLS_YET}</p>
      <p className="max-w-md text-muted">
        {can('useCalls') ? (
          <>
            Each day's calls and credits show here. Make your first call from the{' '}
            <Link to={ROUTES.appPlayground} className="text-primary-text underline underline-offset-2">
              Playground
            </Link>
            , or with an API key from{' '}
            <Link to={ROUTES.appApiKeys} className="text-primary-text underline underline-offset-2">
              API Keys
            </Link>{' '}
            (the API Docs show the request).
          </>
        ) : (
          "Each day's calls and credits show here once your team's keys make calls."
        )}
      </p>
    </div>
  );
}

function MonthSpend({ usage }: { usage: DailyUsage }) {
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className="sm:text-right">
      <h3 id={labelId} className="text-muted text-xs">
        {THIS_MONTH_LABEL}
      </h3>
      <p className="font-semibold text-fg text-lg">{formatQuantity(usage.thisMonth.credits, 'credit')}</p>
      <p className="text-muted text-xs">
        {formatQuantity(usage.thisMonth.calls, 'call')} in {monthName(usage.thisMonth.month)}
      </p>
    </section>
  );
}

/** Calls or credits per day and service over 30 days, in the browser's time zone, and this month's spend. */
export function UsageChartSection() {
  const [metric, setMetric] = useState<UsageMetric>('calls');
  const usage = useQuery(dailyUsageQuery(browserTimeZone()));

  return (
    <LabelledCard>
      {(headingId) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h2 id={headingId} className="font-semibold text-fg text-lg">
                {USAGE_CHART_TITLE}
              </h2>
              <fieldset className="mt-2 inline-flex rounded-lg border border-border p-0.5">
                <legend className="sr-only">Show per day</legend>
                {METRICS.map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={metric === option}
                    onClick={() => setMetric(option)}
                    className={`rounded-md px-3 py-1 text-sm ${
                      metric === option
                        ? 'bg-primary-soft font-medium text-primary-text'
                        : 'text-muted hover:text-fg'
                    }`}
                  >
                    {METRIC_LABELS[option]}
                  </button>
                ))}
              </fieldset>
            </div>
            {usage.data && <MonthSpend usage={usage.data} />}
          </div>
          <ul aria-label="Services" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-muted text-xs">
            {SERVICES.map((service) => (
              <li key={service} className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2.5 rounded-sm ${SERVICE_COLOR[service].swatch}`} />
                {SERVICE_LABELS[service]}
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <QueryContent query={usage} failedText={DAILY_USAGE_LOAD_FAILED} loading={chartLoading}>
              {({ days }) =>
                days.every((day) => SERVICES.every((service) => day.calls[service] === 0)) ? (
                  <NoCallsYet />
                ) : (
                  <>
                    <Suspense fallback={chartLoading}>
                      <UsageChart days={days} metric={metric} />
                    </Suspense>
                    <UsageDaysTable days={days} metric={metric} />
                  </>
                )
              }
            </QueryContent>
          </div>
        </>
      )}
    </LabelledCard>
  );
}
