import { type DailyUsageDay, SERVICE_LABELS, SERVICES, type Service } from '@conduit/contracts';
import { formatQuantity } from '../../lib/format.ts';

export type UsageMetric = 'calls' | 'credits';

export const METRIC_LABELS: Record<UsageMetric, string> = { calls: 'Calls', credits: 'Credits' };
const METRIC_NOUNS: Record<UsageMetric, string> = { calls: 'call', credits: 'credit' };

/** Full class names (Tailwind finds only whole names in the source), one colour per service. */
export const SERVICE_FILL: Record<Service, string> = {
  image: 'fill-chart-image',
  video: 'fill-chart-video',
  sora: 'fill-chart-sora',
  linkedin: 'fill-chart-linkedin',
};
export const SERVICE_SWATCH: Record<Service, string> = {
  image: 'bg-chart-image',
  video: 'bg-chart-video',
  sora: 'bg-chart-sora',
  linkedin: 'bg-chart-linkedin',
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
