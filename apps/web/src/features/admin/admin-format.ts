import { SERVICE_LABELS, type Service } from '@conduit/contracts';

const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const SMALL_PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/** "2.5%", "0.25%" (two decimals under 1%): rates arrive as percentages (0-100). */
export const formatPercent = (value: number) =>
  `${(Math.abs(value) < 1 ? SMALL_PERCENT : PERCENT).format(value)}%`;

/** "+12.5%", "-3%", "0%": a month's change against the month before. */
export const formatGrowth = (value: number) => `${value > 0 ? '+' : ''}${formatPercent(value)}`;

/** "3d 4h", "2h 5m", "4m 10s", "12s": how long the process has been up, two largest units. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / DAY_S);
  const hours = Math.floor((seconds % DAY_S) / HOUR_S);
  const minutes = Math.floor((seconds % HOUR_S) / MINUTE_S);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % MINUTE_S}s`;
  return `${seconds}s`;
}

/** "12 ms", "3.4 ms" under 10 ms, "1.25 s" from a second. */
export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms < 10 ? ms.toFixed(1).replace(/\.0$/, '') : Math.round(ms)} ms`;
}

/** "Jan 2026" for the revenue month "2026-01" (UTC, as the server groups them). */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return MONTH.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** "Image generation" for a known service; anything else as the server named it. */
export const featureLabel = (feature: string) =>
  Object.hasOwn(SERVICE_LABELS, feature) ? SERVICE_LABELS[feature as Service] : feature;

/** "Job queue depth" from "job_queue_depth" or "jobQueueDepth": a machine name read aloud. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
