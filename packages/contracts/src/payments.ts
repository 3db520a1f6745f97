import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { CREDIT_PACKAGE_NAMES, type CreditPackageName } from './credits.ts';

/** Texts of the credits screen and the payment return (docs/product.md, "Other screens"). */
export const PAYMENT_TEXTS = {
  loadUnauthorized: 'Please log in to view your credit information',
  loadForbidden: 'You do not have permission to view credit information',
  loadFailed: 'Failed to load credit information',
  checkoutFailed: 'Failed to start payment process',
  verifyFailedTitle: 'Payment Verification Failed',
  verifyFailed: 'Could not verify payment. Please contact support if credits were charged.',
  canceled: 'Your payment was canceled. No charges were made.',
  neverExpire: 'Credits never expire',
  processing: 'Processing...',
} as const;

/** Server answers of the payment endpoints (their `message`). */
export const PAYMENT_MESSAGES = {
  credited: (credits: number) => `Payment successful! ${credits.toLocaleString('en-US')} credits added.`,
  alreadyProcessed: 'This payment was already processed. Your credits are in your balance.',
  notPaid: 'The payment has not been completed yet.',
  unavailable: 'Payments are not available right now. Please try again later or contact support.',
  unknownPackage: 'Unknown credit package',
  unknownSession: 'Unknown checkout session',
} as const;

export const CreateCheckoutBody = z.strictObject({
  package: z
    .string()
    .refine((name): name is CreditPackageName => CREDIT_PACKAGE_NAMES.includes(name as CreditPackageName), {
      error: PAYMENT_MESSAGES.unknownPackage,
    }),
  /** Keep the card for auto top-up (Stripe: `setup_future_usage: off_session` on a Customer). */
  saveCard: z.boolean().optional(),
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;
export const CheckoutResponse = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const VerifyPaymentBody = z.strictObject({ sessionId: z.string().trim().min(1).max(255) });
export const VerifyPaymentResponse = z.object({
  success: z.boolean(),
  alreadyProcessed: z.boolean(),
  creditsAdded: z.number().int(),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'expired', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const Payment = z.object({
  _id: z.string(),
  package: z.string(),
  credits: z.number().int(),
  /** Integer cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** `stripe`, or `sandbox` for the TEST MODE checkout of an installation without Stripe. */
  provider: z.enum(['stripe', 'sandbox']),
  /** A checkout the person went through, or a charge of the saved card by auto top-up. */
  kind: z.enum(['checkout', 'auto_topup']),
  /** How it was paid: "Visa •••• 4242", "Sandbox card •••• 4242"; null while unknown. */
  method: z.string().nullable(),
  /** Stripe's hosted receipt, or our own receipt page for a paid sandbox payment; null otherwise. */
  receiptUrl: z.string().nullable(),
  /** Why a charge failed (a declined auto top-up), as the provider said it. */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentsResponse = z.object({ payments: z.array(Payment) });
export type PaymentsResponse = z.infer<typeof PaymentsResponse>;

/** The sandbox checkout page (`/sandbox-checkout/:sessionId`, TEST MODE): what is being bought. */
export const SandboxCheckout = z.object({
  sessionId: z.string(),
  package: z.string(),
  label: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  email: z.string(),
  /** The buyer ticked "Save this card for auto top-up": the page asks for a (test) card number. */
  saveCard: z.boolean(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;
/** Pay or Cancel on the sandbox page answers where the browser goes next (Stripe's return URLs). */
export const SandboxDecisionResponse = z.object({ redirectUrl: z.string() });
export type SandboxDecisionResponse = z.infer<typeof SandboxDecisionResponse>;

/** The sandbox checkout's Pay: a card number when the buyer asked to save the card, else no body. */
export const SandboxPayBody = z.strictObject({ cardNumber: z.string().max(40).optional() }).nullish();
const SandboxSessionParams = z.object({ sessionId: z.string().min(1).max(255) });

/** The credit purchase routes: checkout, verify on return, history, and the TEST MODE sandbox checkout. */
export const PAYMENT_ROUTES = {
  checkout: defineAppRoute({
    ...APP_PATHS.createCheckoutSession,
    body: CreateCheckoutBody,
    response: CheckoutResponse,
  }),
  verify: defineAppRoute({
    ...APP_PATHS.verifyPayment,
    body: VerifyPaymentBody,
    response: VerifyPaymentResponse,
  }),
  list: defineAppRoute({ ...APP_PATHS.payments, response: PaymentsResponse }),
  sandboxSession: defineAppRoute({
    ...APP_PATHS.sandboxSession,
    params: SandboxSessionParams,
    response: SandboxCheckout,
  }),
  sandboxPay: defineAppRoute({
    ...APP_PATHS.sandboxPay,
    params: SandboxSessionParams,
    body: SandboxPayBody,
    response: SandboxDecisionResponse,
  }),
  sandboxCancel: defineAppRoute({
    ...APP_PATHS.sandboxCancel,
    params: SandboxSessionParams,
    response: SandboxDecisionResponse,
  }),
};
