/** Web routes of spec section 2. */
export const ROUTES = {
  home: '/',
  features: '/#features',
  pricing: '/#pricing',
  authSuccess: '/auth/success',
  verifyEmail: '/auth/verify-email',
  docs: '/docs',
  privacy: '/privacy',
  terms: '/terms',
  app: '/app',
  appApiKeys: '/app/api-keys',
  appCredits: '/app/credits',
  appDocs: '/app/docs',
  /** Try every service from the browser. */
  appPlayground: '/app/playground',
  appSupport: '/app/support',
  appSettings: '/app/settings',
  admin: '/admin',
  /** The TEST MODE checkout of an installation without Stripe: `/sandbox-checkout/<sessionId>`. */
  sandboxCheckout: '/sandbox-checkout',
} as const;

/**
 * Web pages of waitlist mode (the server answers browsers there with the app). Here, not in
 * waitlist.ts, so the web entry that reads them does not pull in the waitlist's zod schemas.
 */
export const WAITLIST_ROUTES = {
  verify: '/waitlist/verify',
  status: '/waitlist/status',
} as const;
