/**
 * The horizontal grid of a bar chart: a line per value (solid at zero, dashed above) with its
 * label at the left edge of the plot.
 */
export function ChartGrid({
  values,
  y,
  left,
  right,
  format,
}: {
  values: number[];
  y: (value: number) => number;
  left: number;
  right: number;
  format: (value: number) => string;
}) {
  return values.map((value) => (
    <g key={value}>
      <line
        x1={left}
        x2={right}
        y1={y(value)}
        y2={y(value)}
        className="stroke-border"
        strokeDasharray={value === 0 ? undefined : '3 4'}
      />
      <text x={left - 8} y={y(value)} dy="0.35em" textAnchor="end" className="fill-muted text-[11px]">
        {format(value)}
      </text>
    </g>
  ));
}
