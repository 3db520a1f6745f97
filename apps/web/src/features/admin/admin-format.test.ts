import { describe, expect, it } from 'vitest';
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
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(59.9)).toBe('59s');
    expect(formatUptime(250)).toBe('4m 10s');
    expect(formatUptime(3_700)).toBe('1h 1m');
    expect(formatUptime(93_784)).toBe('1d 2h');
  });

  it('reads response times and rates', () => {
    expect(formatMs(3.44)).toBe('3.4 ms');
    expect(formatMs(4)).toBe('4 ms');
    expect(formatMs(12.6)).toBe('13 ms');
    expect(formatMs(1250)).toBe('1.25 s');
    expect(formatPercent(4.25)).toBe('4.3%');
    expect(formatPercent(0.25)).toBe('0.25%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatGrowth(12.5)).toBe('+12.5%');
    expect(formatGrowth(-3)).toBe('-3%');
    expect(formatGrowth(0)).toBe('0%');
  });

  it('names months, services and checks', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
    expect(featureLabel('sora')).toBe('Sora watermark removal');
    expect(featureLabel('toString')).toBe('toString');
    expect(humanize('job_queue')).toBe('Job queue');
    expect(humanize('credits.adjusted')).toBe('Credits adjusted');
    expect(humanize('maxApiKeys')).toBe('Max api keys');
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
    expect(niceCeiling(0)).toBe(100);
    expect(niceCeiling(3999)).toBe(5000);
    expect(niceCeiling(150_000)).toBe(200_000);
    expect(niceCeiling(210_000)).toBe(250_000);
    expect(niceCeiling(100_000)).toBe(100_000);
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
