import type { CreditPackage } from './credit-routes.ts';

/**
 * Credits charged per unit of each paid service (docs/product.md, "Credit costs and packs").
 * Integers: no floats on the money path.
 */
export const USAGE_COSTS = {
  imageGeneration: 1,
  videoGeneration: 10,
  soraWatermarkRemover: 1,
  linkedinScraping: 2,
} as const;
export type UsageCostKey = keyof typeof USAGE_COSTS;

export const FREE_CREDITS_ON_VERIFY = 20;
/** Under this balance the app shows a low-balance banner: less than one video. */
export const LOW_BALANCE_CREDITS = 10;

/**
 * Every credit pack sold. starter, developer and pro are the landing packs
 * (docs/product.md, "Credit costs and packs"); large and enterprise are the server-only packs with
 * savings badges. Their prices are the pro rate (0.07 USD per credit) less the badge: large 2,500
 * credits at 5% off = 166.25 USD, enterprise 10,000 credits at 10% off = 630.00 USD
 * (docs/decisions/0002-credit-packages.md).
 */
export const CREDIT_PACKAGES = {
  starter: { name: 'starter', label: 'Starter', price: 999, credits: 100 },
  developer: { name: 'developer', label: 'Developer', price: 3999, credits: 500, popular: true },
  pro: { name: 'pro', label: 'Pro', price: 6999, credits: 1000 },
  large: { name: 'large', label: 'Large', price: 16625, credits: 2500, savingsPercent: 5 },
  enterprise: {
    name: 'enterprise',
    label: 'Enterprise',
    price: 63000,
    credits: 10000,
    savingsPercent: 10,
  },
} as const satisfies Record<string, CreditPackage>;
export type CreditPackageName = keyof typeof CREDIT_PACKAGES;
export const CREDIT_PACKAGE_NAMES = Object.keys(CREDIT_PACKAGES) as CreditPackageName[];

/** The three packs the landing page's pricing section shows. */
export const LANDING_PACKAGE_NAMES = [
  'starter',
  'developer',
  'pro',
] as const satisfies readonly CreditPackageName[];

/** "$9.99" from 999 cents, without floating-point arithmetic. */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `$${whole.toLocaleString('en-US')}.${rest}`;
}

/**
 * Price per credit in dollars as the packs show it: to the cent ("$0.08") when that is within 1%
 * of the exact rate, else to a hundredth of a cent ("$0.0665"), so that a pack's saving shows in
 * its own figure (large and pro would both read "$0.07" rounded to the cent). Integer arithmetic.
 */
export function formatPricePerCredit(pack: Pick<CreditPackage, 'price' | 'credits'>): string {
  const centsPerCredit = Math.round(pack.price / pack.credits);
  if (Math.abs(centsPerCredit * pack.credits - pack.price) * 100 <= pack.price)
    return formatCents(centsPerCredit);
  const tenThousandths = Math.round((pack.price * 100) / pack.credits);
  const fraction = String(tenThousandths % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `$${Math.trunc(tenThousandths / 10_000)}.${fraction}`;
}

/** The pack whose rate the savings badges are measured against (docs/decisions/0002-credit-packages.md). */
export const SAVINGS_BASELINE_PACK = 'pro' satisfies keyof typeof CREDIT_PACKAGES;
/** The smallest pack: every other pack's saving per credit is also given against it. */
export const STARTER_PACK = 'starter' satisfies keyof typeof CREDIT_PACKAGES;

/**
 * How much less a pack costs per credit than Starter, in whole percent rounded down (never
 * claiming more than is true): 19 for developer, 33 for large; 0 for Starter itself.
 */
export function savingsAgainstStarter(pack: Pick<CreditPackage, 'price' | 'credits'>): number {
  const starter = CREDIT_PACKAGES[STARTER_PACK];
  // price/credits against starter.price/starter.credits, cross-multiplied to stay in integers.
  const packRate = pack.price * starter.credits;
  const starterRate = starter.price * pack.credits;
  return Math.max(0, Math.floor(((starterRate - packRate) * 100) / starterRate));
}

/** `/app/credits?pack=large`: the pack the credits page opens with (the landing's pricing cards link so). */
export const PACK_PARAM = 'pack';

export const PACK_TEXTS = {
  /** The badge of large and enterprise: measured against the Pro rate, and saying so. */
  savingsBadge: (percent: number) => `Save ${percent}% vs ${CREDIT_PACKAGES[SAVINGS_BASELINE_PACK].label}`,
  belowStarter: (percent: number) =>
    `${percent}% less per credit than ${CREDIT_PACKAGES[STARTER_PACK].label}`,
} as const;

/**
 * What a pack buys of each service: credits divided by each cost
 * (docs/product.md, "Credit costs and packs").
 */

export function packContents(credits: number) {
  return {
    videos: Math.floor(credits / USAGE_COSTS.videoGeneration),
    scrapes: Math.floor(credits / USAGE_COSTS.linkedinScraping),
    images: Math.floor(credits / USAGE_COSTS.imageGeneration),
    removals: Math.floor(credits / USAGE_COSTS.soraWatermarkRemover),
  };
}

/**
 * What one credit brings in at the cheapest pack, in millionths of a dollar (the enterprise pack:
 * 63,000 cents / 10,000 credits = 63,000 micro-USD). Every margin and upstream charge cap is
 * measured against it: a call that covers its upstream cost at this rate covers it at every rate.
 */
export const CHEAPEST_CREDIT_MICRO_USD = Math.min(
  ...Object.values(CREDIT_PACKAGES).map((pack) => Math.floor((pack.price * 10_000) / pack.credits)),
);
