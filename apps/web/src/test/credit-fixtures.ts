import {
  type AutoTopUpResponse,
  CREDIT_PACKAGES,
  type CreditsResponse,
  type Payment,
  type SandboxCheckout,
  USAGE_COSTS,
} from '@conduit/contracts';

export function makeCredits(overrides: Partial<CreditsResponse> = {}): CreditsResponse {
  return {
    balance: 20,
    totalPurchased: 0,
    totalUsed: 0,
    usageStats: {
      imageGeneration: { requests: 0, credits: 0 },
      videoGeneration: { requests: 0, credits: 0 },
      soraWatermarkRemover: { requests: 0, credits: 0 },
      linkedinScraping: { requests: 0, credits: 0 },
    },
    creditPackages: CREDIT_PACKAGES,
    usageCosts: USAGE_COSTS,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay_1',
    package: 'developer',
    credits: 500,
    amount: 3999,
    currency: 'usd',
    status: 'paid',
    provider: 'sandbox',
    kind: 'checkout',
    method: 'Sandbox card •••• 4242',
    receiptUrl: '/app/credits/receipts/pay_1',
    failureMessage: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    paidAt: '2026-01-05T10:01:00.000Z',
    ...overrides,
  };
}

export function makeSandboxCheckout(overrides: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    sessionId: 'cs_sandbox_1',
    package: 'developer',
    label: 'Developer',
    credits: 500,
    amount: 3999,
    currency: 'usd',
    status: 'open',
    email: 'ada@example.com',
    saveCard: false,
    ...overrides,
  };
}

/** Auto top-up off, with no saved card and nothing bought automatically yet, unless `overrides` say otherwise. */
export function makeAutoTopUp(overrides: Partial<AutoTopUpResponse> = {}): AutoTopUpResponse {
  return {
    settings: null,
    card: null,
    topUpsThisMonth: 0,
    failuresInARow: 0,
    turnedOffAfterFailures: false,
    lastTopUp: null,
    ...overrides,
  };
}

/** The sandbox card a payment with "Save this card" leaves. */
export const SANDBOX_CARD = {
  provider: 'sandbox',
  brand: 'visa',
  last4: '4242',
  label: 'Sandbox card •••• 4242',
  savedAt: '2026-11-20T10:00:00.000Z',
} as const;
