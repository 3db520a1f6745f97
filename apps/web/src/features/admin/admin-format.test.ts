import { describe, expect, it } from 'vitest';
import { expectFormats } from '../../test/expect-formats.ts';
import {
  featureLabel,
  formatGrowth,
  formatMonth,
  formatMs,
  formatPercent,
  formatUptime,
  humanize,
} from './admin-format.ts';
import { detailRows } from './audit-tab.tsx';
import { niceCeiling } from './revenue-chart.tsx';
import { lastMonths } from './revenue-months.ts';

describe('admin formatting', () => {
  it('reads uptime in its two largest units', () => {
    expectFormats(formatUptime, [
      [0, '0s'],
      [59.9, '59s'],
      [250, '4m 10s'],
      [3_700, '1h 1m'],
      [93_784, '1d 2h'],
    ]);
  });

  it('reads response times and rates', () => {
    expectFormats(formatMs, [
      [3.44, '3.4 ms'],
      [4, '4 ms'],
      [12.6, '13 ms'],
      [1250, '1.25 s'],
    ]);
    expectFormats(formatPercent, [
      [4.25, '4.3%'],
      [0.25, '0.25%'],
      [0, '0%'],
    ]);
    expectFormats(formatGrowth, [
      [12.5, '+12.5%'],
      [-3, '-3%'],
      [0, '0%'],
    ]);
  });

  it('names months, services and checks', () => {
    expectFormats(formatMonth, [
      ['2026-01', 'Jan 2026'],
      ['2025-12', 'Dec 2025'],
    ]);
    expectFormats(featureLabel, [
      ['sora', 'Sora watermark removal'],
      ['toString', 'toString'],
    ]);
    expectFormats(humanize, [
      ['job_queue', 'Job queue'],
      ['credits.adjusted', 'Credits adjusted'],
      ['maxApiKeys', 'Max api keys'],
    ]);
  });
});

describe('revenue months', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('keeps the six months ending now, oldest first, and fills a month without payments with 0', () => {
    const months = lastMonths(
      [
        { date: '2025-08', revenue: { total: 999 }, growthRate: null },
        { date: '2026-01', revenue: { total: 3999 }, growthRate: 25 },
        { date: '2026-03', revenue: { total: 500 }, growthRate: null },
      ],
      now,
    );
    expect(months.map((month) => month.date)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(months.map((month) => month.revenue.total)).toEqual([0, 0, 0, 3999, 0, 500]);
    expect(months[3]?.growthRate).toBe(25);
    expect(months[4]?.growthRate).toBeNull();
  });

  it('rounds the chart axis up to a clean step', () => {
    expectFormats(niceCeiling, [
      [0, 100],
      [3999, 5000],
      [150_000, 200_000],
      [210_000, 250_000],
      [100_000, 100_000],
    ]);
  });
});

describe('audit details', () => {
  it('reads a record of changes one field per line, and plain details as they are', () => {
    expect(
      detailRows({
        changes: { tier: { from: 'pro', to: 'enterprise' }, rateLimitPerMinute: { from: null, to: 2000 } },
      }),
    ).toEqual([
      ['Tier', 'pro → enterprise'],
      ['Rate limit per minute', 'none → 2000'],
    ]);
    expect(detailRows({ amount: 100, reason: 'Goodwill', source: { via: 'cli' } })).toEqual([
      ['Amount', '100'],
      ['Reason', 'Goodwill'],
      ['Source', '{"via":"cli"}'],
    ]);
  });

  it('reads before and after records as one change per field that moved', () => {
    expect(
      detailRows({
        channel: 'kie:image',
        before: { enabled: true, priority: 10 },
        after: { enabled: false, priority: 10 },
      }),
    ).toEqual([
      ['Channel', 'kie:image'],
      ['Enabled', 'true → false'],
    ]);
    expect(detailRows({ before: 'x', after: { priority: 3 } })).toEqual([
      ['Before', 'x'],
      ['After', '{"priority":3}'],
    ]);
  });
});
