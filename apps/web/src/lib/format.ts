/**
 * The formatters are made on first use: building an Intl formatter loads locale data (tens of
 * milliseconds on a slow phone), which a page that only imports this module should not pay.
 */
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const count = lazy(() => new Intl.NumberFormat('en-US'));
const date = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const dateTime = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const preciseTime = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }),
);

/** "1,250". Whole numbers under 1,000 read the same in any grouping, so they need no formatter. */
export const formatCount = (value: number) =>
  Number.isInteger(value) && Math.abs(value) < 1000 ? String(value) : count().format(value);

/** "1 credit", "2 credits": a count with its noun. */
export const formatQuantity = (value: number, noun: string) =>
  `${formatCount(value)} ${noun}${value === 1 ? '' : 's'}`;

/** "Jan 5, 2026" in the browser's time zone. */
export const formatDate = (iso: string) => date().format(new Date(iso));

/** "Jan 5, 2026, 9:41 AM" in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));

/** "Jan 5, 2026, 9:41:07 AM": to the second, for a call's timeline. */
export const formatPreciseTime = (iso: string) => preciseTime().format(new Date(iso));

/** "40 ms", "2.4 s", "12 s", "2 min 5 s", "1 h 3 min": how long something took. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.floor(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.floor(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
