// Plain values, so the web entry and every page can read them without loading zod.

export type AppRouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The cookie API: every route the web app calls, declared once (method and path). The server
 * registers each path from here, the web client calls through `appPath`, the fuzz suite
 * enumerates it, and a test compares it with the routes the server actually registers
 * (apps/server/src/app-paths.test.ts). Each route is also declared, with its query, parameter,
 * body and answer schemas, by `defineAppRoute` beside its feature in this package (the same test
 * checks that none is missing). The public API (`/api/provider/*`) has its own catalogue
 * (`API_ENDPOINTS`); Stripe's webhook, kie.ai's callback and the OpenAPI document are not app calls.
 */
export const APP_PATHS = {
  authProviders: { method: 'GET', path: '/api/auth/providers' },
  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  verifyEmail: { method: 'GET', path: '/api/auth/verify-email' },
  answerVerification: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
  googleStart: { method: 'GET', path: '/api/auth/google' },
  googleCallback: { method: 'GET', path: '/api/auth/google/callback' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  signInSecondStep: { method: 'POST', path: '/api/auth/2fa' },
  confirmEmail: { method: 'POST', path: '/api/auth/confirm-email' },
  setPassword: { method: 'PUT', path: '/api/password' },
  deleteAccount: { method: 'DELETE', path: '/api/account' },
  changeEmail: { method: 'POST', path: '/api/account/email' },
  sessions: { method: 'GET', path: '/api/account/sessions' },
  signOutSession: { method: 'DELETE', path: '/api/account/sessions/:id' },
  signOutOtherSessions: { method: 'POST', path: '/api/account/sessions/sign-out-others' },
  twoFactor: { method: 'GET', path: '/api/account/2fa' },
  twoFactorSetup: { method: 'POST', path: '/api/account/2fa/setup' },
  twoFactorEnable: { method: 'POST', path: '/api/account/2fa/enable' },
  twoFactorDisable: { method: 'POST', path: '/api/account/2fa/disable' },
  credits: { method: 'GET', path: '/api/credits' },
  creditPackages: { method: 'GET', path: '/api/credits/packages' },
  keys: { method: 'GET', path: '/api/keys' },
  createKey: { method: 'POST', path: '/api/keys' },
  updateKey: { method: 'PATCH', path: '/api/keys/:id' },
  rollKey: { method: 'POST', path: '/api/keys/:id/roll' },
  deleteKey: { method: 'DELETE', path: '/api/keys/:id' },
  balanceAlerts: { method: 'GET', path: '/api/alerts' },
  addBalanceAlert: { method: 'POST', path: '/api/alerts' },
  removeBalanceAlert: { method: 'DELETE', path: '/api/alerts/:id' },
  setWebhookEndpoint: { method: 'PUT', path: '/api/webhooks/endpoint' },
  testWebhookEndpoint: { method: 'POST', path: '/api/webhooks/endpoint/test' },
  webhookSecret: { method: 'GET', path: '/api/webhooks/secret' },
  rotateWebhookSecret: { method: 'POST', path: '/api/webhooks/secret/rotate' },
  webhookDeliveries: { method: 'GET', path: '/api/webhooks/deliveries' },
  webhookDelivery: { method: 'GET', path: '/api/webhooks/deliveries/:id' },
  resendWebhookDelivery: { method: 'POST', path: '/api/webhooks/deliveries/:id/resend' },
  sendWebhookTest: { method: 'POST', path: '/api/webhooks/test' },
  payments: { method: 'GET', path: '/api/payments' },
  createCheckoutSession: { method: 'POST', path: '/api/payments/create-checkout-session' },
  verifyPayment: { method: 'POST', path: '/api/payments/verify-payment' },
  sandboxSession: { method: 'GET', path: '/api/payments/sandbox/:sessionId' },
  sandboxPay: { method: 'POST', path: '/api/payments/sandbox/:sessionId/pay' },
  sandboxCancel: { method: 'POST', path: '/api/payments/sandbox/:sessionId/cancel' },
  billingDetails: { method: 'GET', path: '/api/billing/details' },
  saveBillingDetails: { method: 'PUT', path: '/api/billing/details' },
  autoTopUp: { method: 'GET', path: '/api/billing/auto-top-up' },
  saveAutoTopUp: { method: 'PUT', path: '/api/billing/auto-top-up' },
  receipt: { method: 'GET', path: '/api/billing/receipts/:paymentId' },
  dashboard: { method: 'GET', path: '/api/dashboard' },
  usage: { method: 'GET', path: '/api/usage' },
  dailyUsage: { method: 'GET', path: '/api/usage/daily' },
  usageCsv: { method: 'GET', path: '/api/usage/export.csv' },
  rateResult: { method: 'PUT', path: '/api/usage/:taskId/rating' },
  callDetail: { method: 'GET', path: '/api/calls/:taskId' },
  taskEvents: { method: 'GET', path: '/api/events' },
  workspaces: { method: 'GET', path: '/api/workspaces' },
  selectWorkspace: { method: 'PUT', path: '/api/workspaces/current' },
  createTeam: { method: 'POST', path: '/api/teams' },
  team: { method: 'GET', path: '/api/teams/:teamId' },
  updateTeam: { method: 'PATCH', path: '/api/teams/:teamId' },
  deleteTeam: { method: 'DELETE', path: '/api/teams/:teamId' },
  inviteMember: { method: 'POST', path: '/api/teams/:teamId/invitations' },
  revokeInvitation: { method: 'DELETE', path: '/api/teams/:teamId/invitations/:invitationId' },
  updateMember: { method: 'PATCH', path: '/api/teams/:teamId/members/:userId' },
  removeMember: { method: 'DELETE', path: '/api/teams/:teamId/members/:userId' },
  transferOwnership: { method: 'POST', path: '/api/teams/:teamId/transfer' },
  teamAuditLog: { method: 'GET', path: '/api/teams/:teamId/audit-log' },
  invitation: { method: 'GET', path: '/api/invitations/:token' },
  acceptInvitation: { method: 'POST', path: '/api/invitations/:token/accept' },
  supportMessages: { method: 'GET', path: '/api/support' },
  sendSupportMessage: { method: 'POST', path: '/api/support' },
  supportContact: { method: 'GET', path: '/api/support/contact' },
  joinWaitlist: { method: 'POST', path: '/waitlist/join' },
  waitlistStatus: { method: 'GET', path: '/waitlist/status' },
  contactSales: { method: 'POST', path: '/contact/sales' },
  waitlistCheckEmail: { method: 'POST', path: '/api/waitlist/check-email' },
  waitlistResend: { method: 'POST', path: '/api/waitlist/resend-verification' },
  waitlistVerify: { method: 'POST', path: '/api/waitlist/verify' },
  adminDashboard: { method: 'GET', path: '/api/admin/dashboard' },
  adminUsers: { method: 'GET', path: '/api/admin/users' },
  adminInvite: { method: 'POST', path: '/api/admin/users' },
  adminEditUser: { method: 'PATCH', path: '/api/admin/users/:id' },
  adminAdjustCredits: { method: 'POST', path: '/api/admin/users/:id/credits' },
  adminTeams: { method: 'GET', path: '/api/admin/teams' },
  adminRevenue: { method: 'GET', path: '/api/admin/analytics/revenue' },
  adminFeatures: { method: 'GET', path: '/api/admin/analytics/features' },
  adminHealth: { method: 'GET', path: '/api/admin/system/health' },
  adminAuditLog: { method: 'GET', path: '/api/admin/audit-log' },
  adminChannels: { method: 'GET', path: '/api/admin/channels' },
  adminUpdateChannel: { method: 'PATCH', path: '/api/admin/channels/:id' },
  adminSupport: { method: 'GET', path: '/api/admin/support' },
  adminSupportReply: { method: 'POST', path: '/api/admin/support/:id/reply' },
  adminWaitlist: { method: 'GET', path: '/api/admin/waitlist' },
  adminWaitlistCsv: { method: 'GET', path: '/api/admin/waitlist/export.csv' },
  adminWaitlistInvite: { method: 'POST', path: '/api/admin/waitlist/invite' },
} as const satisfies Record<string, { method: AppRouteMethod; path: string }>;

export type AppRouteId = keyof typeof APP_PATHS;

/** A route's path with its `:name` parameters filled in (encoded): `appPath('deleteKey', { id })`. */
export function appPath(id: AppRouteId, params: Record<string, string> = {}): string {
  return APP_PATHS[id].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`appPath(${id}) needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}
