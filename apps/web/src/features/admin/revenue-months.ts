import { ADMIN_REVENUE_MONTHS, type AdminRevenueResponse } from '@conduit/contracts';

export type RevenueMonth = AdminRevenueResponse['revenueData'][number];

const monthKey = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The last ADMIN_REVENUE_MONTHS calendar months (docs/product.md, "Admin figures"), oldest first,
 * ending with the current month or the newest the server reported. A month without payments reads
 * 0, with no growth.
 */
export function lastMonths(data: RevenueMonth[], now = new Date()): RevenueMonth[] {
  const byMonth = new Map(data.map((point) => [point.date.slice(0, 7), point]));
  const newest = [monthKey(now), ...byMonth.keys()].sort().at(-1) as string;
  const [year, month] = newest.split('-').map(Number) as [number, number];
  return Array.from({ length: ADMIN_REVENUE_MONTHS }, (_, back) => {
    const date = monthKey(new Date(Date.UTC(year, month - 1 - (ADMIN_REVENUE_MONTHS - 1 - back), 1)));
    return byMonth.get(date) ?? { date, revenue: { total: 0 }, growthRate: null };
  });
}
