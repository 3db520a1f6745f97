import { formatCents } from '@conduit/contracts';
import { useChartWidth } from '../../components/charts/use-chart-width.ts';
import { ChartGrid } from '../../components/ui/chart-grid.tsx';
import { formatCompactCents } from '../../lib/format-compact.ts';
import { formatMonth } from './admin-format.ts';
import type { RevenueMonth } from './revenue-months.ts';

const HEIGHT = 260;
const PAD = { top: 24, right: 8, bottom: 32, left: 56 };
const GRID_LINES = 4;
/** Below this much room per month the axis names the month only ("Jun", not "Jun 2026"). */
const SHORT_LABEL_SLOT_PX = 72;
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** A round ceiling for the axis: 1, 2, 2.5 or 5 times a power of ten, so grid labels read cleanly. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

const shortMonth = (month: string) => SHORT_MONTH.format(new Date(`${month}-01T00:00:00Z`));

/**
 * Revenue per month as bars, drawn in SVG with theme colours (loaded lazily with the Revenue tab).
 * The table beside it carries the same figures for screen readers, so the drawing is one image.
 */
export default function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { ref, width } = useChartWidth();
  const top = niceCeiling(Math.max(...months.map((month) => month.revenue.total)));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / months.length;
  const barWidth = Math.min(56, slot * 0.6);
  const isShort = slot < SHORT_LABEL_SLOT_PX;
  const y = (cents: number) => PAD.top + plotHeight - (cents / top) * plotHeight;
  const summary = months
    .map((month) => `${formatMonth(month.date)} ${formatCents(month.revenue.total)}`)
    .join(', ');

  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`Revenue by month: ${summary}`}
        className="h-auto w-full"
      >
        <ChartGrid
          values={Array.from({ length: GRID_LINES + 1 }, (_, line) => (top / GRID_LINES) * line)}
          y={y}
          left={PAD.left}
          right={width - PAD.right}
          format={(value) => formatCompactCents(Math.round(value))}
        />
        {months.map((month, index) => {
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          const barTop = y(month.revenue.total);
          return (
            <g key={month.date}>
              <title>{`${formatMonth(month.date)}: ${formatCents(month.revenue.total)}`}</title>
              <rect
                x={x}
                y={barTop}
                width={barWidth}
                height={Math.max(0, PAD.top + plotHeight - barTop)}
                rx={4}
                className="fill-primary"
              />
              {month.revenue.total > 0 && (
                <text
                  x={x + barWidth / 2}
                  y={barTop - 6}
                  textAnchor="middle"
                  className="fill-fg font-medium text-[11px]"
                >
                  {formatCompactCents(month.revenue.total)}
                </text>
              )}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 10}
                textAnchor="middle"
                className="fill-muted text-[11px]"
              >
                {isShort ? shortMonth(month.date) : formatMonth(month.date)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
