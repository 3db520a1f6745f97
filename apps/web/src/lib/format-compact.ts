import { formatCents } from '@conduit/contracts';

const THOUSAND = 1_000;
const MILLION = 1_000_000;
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A figure abbreviated the way the admin screen shows it (docs/product.md, "Admin figures"): K from
 * 1,000, M from 1,000,000, at most one decimal ("1.5K", "2.5M"). A value that rounds up to the next
 * unit takes it, so 999,999 reads "1M", never "1000K". Below 1,000 the number is shown as is,
 * rounded to one decimal.
 */
export function formatCompact(value: number): string {
  const size = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const inThousands = Number((size / THOUSAND).toFixed(1));
  if (size >= MILLION || inThousands >= THOUSAND) {
    return `${sign}${ONE_DECIMAL.format(Number((size / MILLION).toFixed(1)))}M`;
  }
  if (Number(size.toFixed(1)) >= THOUSAND) return `${sign}${ONE_DECIMAL.format(inThousands)}K`;
  return `${sign}${ONE_DECIMAL.format(size)}`;
}

/** Money in cents: exact ("$39.99") below $1,000, abbreviated above ("$12.5K", "$1.2M"). */
export function formatCompactCents(cents: number): string {
  if (Math.abs(cents) < THOUSAND * 100) return formatCents(cents);
  return `${cents < 0 ? '-' : ''}$${formatCompact(Math.abs(cents) / 100)}`;
}
