import { type DailyUsageDay, SERVICE_LABELS, SERVICES, type Service } from '@conduit/contracts';
import { formatQuantity } from '../../lib/format.ts';

export type UsageMetric = 'calls' | 'credits';

export const METRIC_LABELS: Record<UsageMetric, string> = { calls: 'Calls', credits: 'Credits' };
const METRIC_NOUNS: Record<UsageMetric, string> = { calls: 'call', credits: 'credit' };

/**
 * One colour per service: the chart's bar fill and the legend's swatch, as full class names
 * (Tailwind finds only whole names in the source).
 */
export const SERVICE_COLOR: Record<Service, { fill: string; swatch: string }> = {
  image: { fill: 'fill-chart-image', swatch: 'bg-chart-image' },
  video: { fill: 'fill-chart-video', swatch: 'bg-chart-video' },
  sora: { fill: 'fill-chart-sora', swatch: 'bg-chart-sora' },
  linkedin: { fill: 'fill-chart-linkedin', swatch: 'bg-chart-linkedin' },
};

export const dayTotal = (day: DailyUsageDay, metric: UsageMetric) =>
  SERVICES.reduce((sum, service) => sum + day[metric][service], 0);

export const quantityOf = (value: number, metric: UsageMetric) => formatQuantity(value, METRIC_NOUNS[metric]);

/** "3 calls: Image generation 2, LinkedIn scraping 1" (or "No calls"). */
export function dayBreakdown(day: DailyUsageDay, metric: UsageMetric): string {
  const total = dayTotal(day, metric);
  if (total === 0) return `No ${METRIC_NOUNS[metric]}s`;
  const parts = SERVICES.filter((service) => day[metric][service] !== 0).map(
    (service) => `${SERVICE_LABELS[service]} ${day[metric][service]}`,
  );
  return `${quantityOf(total, metric)}: ${parts.join(', ')}`;
}
