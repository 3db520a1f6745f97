import { type DailyUsageDay, SERVICES, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { useChartWidth } from '../../components/charts/use-chart-width.ts';
import { ChartGrid } from '../../components/ui/chart-grid.tsx';
import { formatCount } from '../../lib/format.ts';
import { integerTicks, shortDay } from './chart-scale.ts';
import { dayBreakdown, dayTotal, quantityOf, SERVICE_COLOR, type UsageMetric } from './usage-series.ts';

const HEIGHT = 220;
const PAD = { top: 12, right: 4, bottom: 28, left: 40 };
/** Room a day label needs on the axis; fewer days are named on a narrow screen. */
const LABEL_SLOT_PX = 64;

/**
 * Calls or credits per day of the last 30 days, stacked by service, drawn in SVG with the
 * theme's colours (a chunk of its own, loaded with the dashboard's chart). The table under it
 * carries the same figures, so the drawing is one image with a summary.
 */
export default function UsageChart({ days, metric }: { days: DailyUsageDay[]; metric: UsageMetric }) {
  const { ref, width } = useChartWidth();
  const ticks = integerTicks(Math.max(0, ...days.map((day) => dayTotal(day, metric))));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, Math.min(18, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(LABEL_SLOT_PX / slot));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const total = days.reduce((sum, day) => sum + dayTotal(day, metric), 0);
  const busiest = days.reduce<DailyUsageDay | undefined>(
    (best, day) => (!best || dayTotal(day, metric) > dayTotal(best, metric) ? day : best),
    undefined,
  );
  const summary =
    total === 0 || !busiest
      ? `No ${metric} in the last ${USAGE_WINDOW_DAYS} days`
      : `${quantityOf(total, metric)} in the last ${USAGE_WINDOW_DAYS} days, most on ${shortDay(busiest.date)} (${formatCount(dayTotal(busiest, metric))})`;

  return (
    <div ref={ref}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        <ChartGrid values={ticks} y={y} left={PAD.left} right={width - PAD.right} format={formatCount} />
        {days.map((day, index) => {
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          let stacked = 0;
          return (
            <g key={day.date} data-date={day.date}>
              <title>{`${shortDay(day.date)}: ${dayBreakdown(day, metric)}`}</title>
              {/* A full-height hit area, so a day's breakdown shows on hover even without calls. */}
              <rect
                x={PAD.left + slot * index}
                y={PAD.top}
                width={slot}
                height={plotHeight}
                className="fill-transparent"
              />
              {SERVICES.map((service) => {
                const value = Math.max(0, day[metric][service]);
                if (value === 0) return null;
                const segmentTop = y(stacked + value);
                const height = y(stacked) - segmentTop;
                stacked += value;
                return (
                  <rect
                    key={service}
                    x={x}
                    y={segmentTop}
                    width={barWidth}
                    height={Math.max(1, height)}
                    className={SERVICE_COLOR[service].fill}
                  />
                );
              })}
              {(days.length - 1 - index) % labelEvery === 0 && (
                // Today's label ends at its bar, so it is never cut at the chart's right edge.
                <text
                  x={index === days.length - 1 ? x + barWidth : x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  className="fill-muted text-[11px]"
                >
                  {shortDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
