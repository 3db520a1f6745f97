/** Web routes (docs/product.md, "Screens and routes"). */
export const ROUTES = {
  home: '/',
  features: '/#features',
  pricing: '/#pricing',
  authSuccess: '/auth/success',
  verifyEmail: '/auth/verify-email',
  /** Set a new password from a reset link: `/auth/reset-password?token=...`. */
  resetPassword: '/auth/reset-password',
  /** Confirm a new account address from the link mailed to it: `/auth/confirm-email?token=...`. */
  confirmEmail: '/auth/confirm-email',
  /** Cancel a pending address change from the link in the notice to the old address. */
  cancelEmailChange: '/auth/cancel-email-change',
  /** The second sign-in step (a code from the authenticator app) after Google or a password reset. */
  twoFactor: '/auth/two-factor',
  docs: '/docs',
  privacy: '/privacy',
  terms: '/terms',
  app: '/app',
  appApiKeys: '/app/api-keys',
  appCredits: '/app/credits',
  /** A printable receipt of our own (sandbox payments): `/app/credits/receipts/<paymentId>`. */
  appReceipts: '/app/credits/receipts',
  appDocs: '/app/docs',
  /** One call's page: `/app/calls/<taskId>`. */
  appCalls: '/app/calls',
  /** The request log: every public API request, accepted or refused. */
  appLogs: '/app/logs',
  /** Try every service from the browser. */
  appPlayground: '/app/playground',
  appSupport: '/app/support',
  appSettings: '/app/settings',
  /** The delivery log of the workspace's webhooks. */
  appWebhooks: '/app/webhooks',
  /** The team the browser works in: members, invitations, settings and its audit log. */
  appTeam: '/app/team',
  /** An invitation link: `/invite/<token>`. */
  invite: '/invite',
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

/** The app page of one call. */
export const callPagePath = (taskId: string) => `${ROUTES.appCalls}/${encodeURIComponent(taskId)}`;
