/** Exact user-facing texts (docs/product.md) that more than one place shows. */
export const MESSAGES = {
  demoComingSoon: 'Demo video coming soon!',
  unexpectedError: 'Unexpected Application Error!',
  loading: 'Loading...',
  somethingWentWrong: 'Something went wrong. Please try again.',
  accessDenied: 'Access Denied',
  adminRequired: 'Admin access required',
  creditsNeverExpire: 'Credits never expire',
  dashboardLoadFailed: 'Failed to load dashboard data',
} as const;
