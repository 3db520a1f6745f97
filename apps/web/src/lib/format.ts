const COUNT = new Intl.NumberFormat('en-US');
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "1,250" */
export const formatCount = (value: number) => COUNT.format(value);

/** "1 credit", "2 credits": a count with its noun. */
export const formatQuantity = (value: number, noun: string) =>
  `${formatCount(value)} ${noun}${value === 1 ? '' : 's'}`;

/** "Jan 5, 2026" in the browser's time zone. */
export const formatDate = (iso: string) => DATE.format(new Date(iso));

/** "Jan 5, 2026, 9:41 AM" in the browser's time zone. */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
