import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { CREDIT_PACKAGE_NAMES, type CreditPackageName } from './credits.ts';

/** Texts of the billing sections of /app/credits, the receipt page and the billing answers. */
export const BILLING_TEXTS = {
  detailsTitle: 'Billing details',
  detailsSummary: 'Printed on your receipts and sent to the payment provider with your purchases.',
  detailsSaved: 'Billing details saved',
  autoTopUpTitle: 'Auto top-up',
  autoTopUpSummary:
    'Buys a pack with your saved card when the balance falls under a threshold, so calls never stop.',
  autoTopUpSaved: 'Auto top-up settings saved',
  saveCardLabel: 'Save this card for auto top-up',
  noSavedCard: 'No saved card yet. Buy a pack with "Save this card for auto top-up" ticked to save one.',
  needsSavedCard: 'Save a card first: buy a pack with "Save this card for auto top-up" ticked.',
  turnedOffAfterFailures: 'Auto top-up was turned off after three failed charges in a row.',
  sandboxCard: 'Sandbox card',
  autoTopUp: 'Auto top-up',
  checkout: 'Checkout',
  testMode: 'TEST MODE',
  receiptNotFound: 'Receipt not found',
  invalidCard: 'Enter a valid card number (16 digits), e.g. 4242 4242 4242 4242',
  declined: 'Your card was declined.',
  removeCard: 'Remove card',
  replaceCard: 'Replace card',
  removeCardConfirm: 'Remove the saved card? Auto top-up is turned off with it.',
  cardRemoved: 'Card removed. Auto top-up is off.',
  noCardToRemove: 'There is no saved card to remove.',
  replaceCardHint: 'Buy a pack with "Save this card for auto top-up" ticked: the new card replaces this one.',
  downloadPdf: 'Download PDF',
  paidPurchases: 'Paid',
  unpaidCheckouts: 'Not completed',
  unpaidCheckoutsSummary:
    'Checkouts that were canceled, declined or left open; open ones expire after 24 hours.',
} as const;

/** Off-session charges with these sandbox card numbers are declined, like Stripe's test cards. */
export const SANDBOX_DECLINING_CARDS = ['4000000000000002', '4000000000000341'] as const;
export const SANDBOX_DEFAULT_CARD = '4242424242424242';

/** Consecutive failed top-up charges after which auto top-up turns itself off. */
export const AUTO_TOP_UP_MAX_FAILURES = 3;
export const AUTO_TOP_UP_MAX_PER_MONTH = 31;
export const AUTO_TOP_UP_MAX_THRESHOLD = 1_000_000;

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);
const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const BillingDetails = z.object({
  name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string().nullable(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  vatId: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

/** What the Billing details form sends; blanks of the optional fields are stored as absent. */
export const BillingDetailsBody = z.strictObject({
  name: requiredLine('Name', 100),
  company: optionalLine(100),
  line1: requiredLine('Address', 200),
  line2: optionalLine(200),
  city: requiredLine('City', 100),
  postalCode: optionalLine(20).refine((value) => value === null || /^[A-Za-z0-9 -]{2,20}$/.test(value), {
    error: 'Postal code may have letters, digits, spaces and dashes only',
  }),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter code such as DE or US' }),
  vatId: optionalLine(20)
    .transform((value) => (value === null ? null : value.replace(/[\s.-]/g, '').toUpperCase()))
    .refine((value) => value === null || /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value), {
      error: 'VAT ID must start with a two-letter country code, e.g. DE123456789',
    }),
});
export type BillingDetailsBody = z.infer<typeof BillingDetailsBody>;
/** What the form sends: blanks allowed for the optional fields. */
export type BillingDetailsInput = z.input<typeof BillingDetailsBody>;
export const BillingDetailsResponse = z.object({ details: BillingDetails.nullable() });
export type BillingDetailsResponse = z.infer<typeof BillingDetailsResponse>;

export const SavedCard = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  brand: z.string(),
  last4: z.string(),
  /** "Visa •••• 4242", or "Sandbox card •••• 4242" in TEST MODE. */
  label: z.string(),
  savedAt: z.string(),
});
export type SavedCard = z.infer<typeof SavedCard>;

const packageName = z
  .string()
  .refine((name): name is CreditPackageName => CREDIT_PACKAGE_NAMES.includes(name as CreditPackageName), {
    error: 'Unknown credit package',
  });

export const AutoTopUpBody = z.strictObject({
  enabled: z.boolean(),
  threshold: z
    .number({ error: 'Threshold must be a whole number of credits' })
    .int({ error: 'Threshold must be a whole number of credits' })
    .min(1, { error: 'Threshold must be at least 1 credit' })
    .max(AUTO_TOP_UP_MAX_THRESHOLD, { error: 'Threshold is too large' }),
  package: packageName,
  monthlyLimit: z
    .number({ error: 'Top-ups a month must be a whole number' })
    .int({ error: 'Top-ups a month must be a whole number' })
    .min(1, { error: 'Allow at least 1 top-up a month' })
    .max(AUTO_TOP_UP_MAX_PER_MONTH, { error: `At most ${AUTO_TOP_UP_MAX_PER_MONTH} top-ups a month` }),
});
export type AutoTopUpBody = z.infer<typeof AutoTopUpBody>;

export const AutoTopUpSettings = z.object({
  enabled: z.boolean(),
  threshold: z.number().int(),
  package: z.string(),
  monthlyLimit: z.number().int(),
});
export type AutoTopUpSettings = z.infer<typeof AutoTopUpSettings>;

export const AutoTopUpResponse = z.object({
  /** Null until the workspace first saves its settings. */
  settings: AutoTopUpSettings.nullable(),
  card: SavedCard.nullable(),
  /** Top-ups charged or on their way this calendar month (UTC); declined ones do not count. */
  topUpsThisMonth: z.number().int(),
  /** Declined charges since the last successful one. */
  failuresInARow: z.number().int(),
  /** True when three declines in a row turned it off; saving it enabled again clears it. */
  turnedOffAfterFailures: z.boolean(),
  lastTopUp: z
    .object({
      paymentId: z.string(),
      status: z.enum(['pending', 'processing', 'paid', 'failed', 'expired', 'canceled']),
      at: z.string(),
      credits: z.number().int(),
      failureMessage: z.string().nullable(),
    })
    .nullable(),
});
export type AutoTopUpResponse = z.infer<typeof AutoTopUpResponse>;

/** A receipt of our own (the sandbox's printable page); Stripe payments link Stripe's receipt instead. */
export const Receipt = z.object({
  paymentId: z.string(),
  seller: z.object({ name: z.string(), website: z.string(), email: z.string() }),
  billingDetails: BillingDetails.nullable(),
  package: z.string(),
  label: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: z.string(),
  method: z.string(),
  kind: z.enum(['checkout', 'auto_topup']),
  /** Who bought it at checkout (or set up the auto top-up): their name and address; null once their account is gone. */
  buyer: z.string().nullable(),
  testMode: z.boolean(),
});
export type Receipt = z.infer<typeof Receipt>;

/** The buyer's address lines as a receipt prints them (its page and its PDF), empty ones left out. */
export function receiptAddressLines(details: BillingDetails): string[] {
  return [
    details.name,
    details.company,
    details.line1,
    details.line2,
    [details.postalCode, details.city].filter(Boolean).join(' '),
    details.country,
    details.vatId && `VAT ID ${details.vatId}`,
  ].filter((line): line is string => Boolean(line));
}

/** The receipt's "Bought by": the person, and how (at checkout, or by an automatic top-up). */
export function boughtByText(receipt: Pick<Receipt, 'kind' | 'buyer'>): string {
  const how = receipt.kind === 'auto_topup' ? BILLING_TEXTS.autoTopUp : BILLING_TEXTS.checkout;
  return receipt.buyer ? `${receipt.buyer} (${how.toLowerCase()})` : how;
}

export const ReceiptParams = z.object({ paymentId: z.string().min(1).max(64) });

export const BILLING_ROUTES = {
  details: defineAppRoute({ ...APP_PATHS.billingDetails, response: BillingDetailsResponse }),
  saveDetails: defineAppRoute({
    ...APP_PATHS.saveBillingDetails,
    body: BillingDetailsBody,
    response: BillingDetailsResponse,
  }),
  autoTopUp: defineAppRoute({ ...APP_PATHS.autoTopUp, response: AutoTopUpResponse }),
  saveAutoTopUp: defineAppRoute({
    ...APP_PATHS.saveAutoTopUp,
    body: AutoTopUpBody,
    response: AutoTopUpResponse,
  }),
  receipt: defineAppRoute({ ...APP_PATHS.receipt, params: ReceiptParams, response: Receipt }),
  /** The receipt as a PDF download (application/pdf, not JSON). */
  receiptPdf: defineAppRoute({ ...APP_PATHS.receiptPdf, params: ReceiptParams }),
  /** Forgets the saved card (detached at the provider) and turns auto top-up off with it. */
  removeSavedCard: defineAppRoute({ ...APP_PATHS.removeSavedCard, response: AutoTopUpResponse }),
};
