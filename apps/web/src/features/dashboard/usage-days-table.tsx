import { type DailyUsageDay, SERVICE_LABELS, SERVICES } from '@conduit/contracts';
import { ChevronDown } from 'lucide-react';
import { formatCount } from '../../lib/format.ts';
import { shortDay } from './chart-scale.ts';
import { dayTotal, METRIC_LABELS, type UsageMetric } from './usage-series.ts';

/** The chart's figures as a table, behind a disclosure: for screen readers and anyone who wants the numbers. */
export function UsageDaysTable({ days, metric }: { days: DailyUsageDay[]; metric: UsageMetric }) {
  const active = [...days].reverse().filter((day) => dayTotal(day, metric) !== 0);
  return (
    <details className="group mt-3 text-sm">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded text-muted hover:text-fg">
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        Show the numbers
      </summary>
      {active.length === 0 ? (
        <p className="mt-2 text-muted">Nothing in these days yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{METRIC_LABELS[metric]} per day and service</caption>
            <thead className="text-muted text-xs">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {SERVICES.map((service) => (
                  <th key={service} scope="col" className="px-3 py-1 text-right font-medium">
                    {SERVICE_LABELS[service]}
                  </th>
                ))}
                <th scope="col" className="py-1 pl-3 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="text-fg tabular-nums">
              {active.map((day) => (
                <tr key={day.date} className="border-border border-t">
                  <th scope="row" className="whitespace-nowrap py-1 pr-3 font-normal">
                    {shortDay(day.date)}
                  </th>
                  {SERVICES.map((service) => (
                    <td key={service} className="px-3 py-1 text-right">
                      {formatCount(day[metric][service])}
                    </td>
                  ))}
                  <td className="py-1 pl-3 text-right font-medium">{formatCount(dayTotal(day, metric))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
