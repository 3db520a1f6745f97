import { KEY_IP_ALLOWLIST_MAX, type SpendPeriod } from './keys.ts';

/** Texts of the API keys table and its create, edit and roll dialogs (docs/product.md, "API keys screen"). */
export const KEY_SCREEN_TEXTS = {
  allServices: 'All services',
  noLimit: 'No limit',
  never: 'Never',
  expired: 'Expired',
  spendCreditsInvalid: 'Enter a whole number of credits from 1 to 100,000,000',
  rateLimitInvalid: 'Enter a whole number of requests per minute, at least 1, or leave it empty',
  rateLimitAboveWorkspace: (max: number) => `At most ${max} per minute: your workspace's limit`,
  ipAllowlistTooMany: `At most ${KEY_IP_ALLOWLIST_MAX} addresses or ranges`,
  ipEntryTooLong: 'An address or range is at most 64 characters',
  expiryRequired: 'Choose the date and time the key expires',
  oldKeyWorksUntil: (time: string) => `Old key works until ${time}`,
  rolledTitle: 'Copy your new key',
  rolledNote: 'Update your applications with the new key. Closing this dialog keeps it on the API Keys page.',
} as const;

/** How a spend period reads beside a budget: "per day", "per month", "in total". */
export const SPEND_PERIOD_LABELS: Record<SpendPeriod, string> = {
  day: 'per day',
  month: 'per month',
  total: 'in total',
};

/** The grace periods the roll dialog offers, in seconds (0: the old key stops at once). */
export const KEY_ROLL_GRACE_CHOICES = [
  { seconds: 0, label: 'Immediately' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
] as const;
