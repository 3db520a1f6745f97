import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, RATE_LIMIT_TIERS, type RateLimitTier, ROLES } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { CallModel } from './model-usage.ts';
import { NextCursor, pageOf, pageQuery } from './pages.ts';
import { SERVICES } from './services.ts';

/**
 * The admin area's API (docs/product.md, "Admin area", plus what its buttons need). Every figure is
 * defined in docs/admin-figures.md. Money is integer US cents; rates are percentages (0-100).
 */

/** Texts and limits of /admin (docs/product.md, "Admin area"). */
export const ADMIN_TEXTS = {
  accessDenied: MESSAGES.accessDenied,
  adminRequired: MESSAGES.adminRequired,
  loadErrorTitle: 'Loading Error',
  loadError: 'Failed to load admin dashboard data',
} as const;
export const ADMIN_TABS = [
  'overview',
  'users',
  'teams',
  'revenue',
  'features',
  'health',
  'channels',
  'support',
  'waitlist',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
/**
 * The user fetch limit (docs/product.md, "Admin figures"); the table shows the first
 * ADMIN_USERS_PAGE_SIZE.
 */
export const ADMIN_USERS_LIMIT_DEFAULT = 100;
export const ADMIN_USERS_LIMIT_MAX = 100;
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_REVENUE_MONTHS = 6;
/** Feature error rate below this percentage is shown as good. */
export const FEATURE_ERROR_RATE_GOOD_BELOW = 5;
/** Health error rate below this percentage is shown as good. */
export const HEALTH_ERROR_RATE_GOOD_BELOW = 1;
/** The window of the user figures (new, active, churn) and of the feature analytics, in days. */
export const ADMIN_FIGURES_WINDOW_DAYS = 30;
/** The window of this process's response time and error rate, in minutes. */
export const ADMIN_RESPONSE_WINDOW_MINUTES = 5;

/** The server's answers to admin changes it refuses (403, 404, 409). */
export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  superAdminToGrantAdmin: 'Only a super admin can grant the admin or super admin role',
  superAdminToEditAdmin: 'Only a super admin can change another admin',
  customLimitsNeedPremium: 'Custom rate limits apply to the premium (Enterprise) plan only',
  userExists: 'An account with this email already exists',
  /** A negative adjustment larger than the balance: credits never go below 0. */
  overdraft: (remove: number, balance: number) =>
    `Cannot remove ${remove} credits: the balance is only ${balance} (credits never go below 0)`,
} as const;

/** What the audit log records. CLI rows carry no actor and `details.source: 'cli'`. */
export const AUDIT_ACTIONS = [
  'user.invited',
  'user.reinvited',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'credits.adjusted',
  'role.granted',
  'role.revoked',
  'session_token.issued',
  'channel.updated',
  'kie_account.updated',
  'model.updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The admin plan names and the rate-limit tiers they stand for (docs/admin-figures.md). */
export const ADMIN_PLANS = ['free', 'basic', 'premium'] as const;
export type AdminPlan = (typeof ADMIN_PLANS)[number];
export const PLAN_BY_TIER: Record<RateLimitTier, AdminPlan> = {
  free: 'free',
  pro: 'basic',
  enterprise: 'premium',
};
export const TIER_BY_PLAN: Record<AdminPlan, RateLimitTier> = {
  free: 'free',
  basic: 'pro',
  premium: 'enterprise',
};

export const AdminOverview = z.object({
  users: z.object({
    /** Accounts not deleted. */
    total: z.number().int(),
    /** Accounts created in the last 30 days. */
    new: z.number().int(),
    /** Accounts that signed in or made a paid call in the last 30 days. */
    active: z.number().int(),
    /**
     * Percent of the accounts that made a paid call in the 30 days before the window that were not
     * active in it (sign-in history is not kept, so the earlier window is known by its paid calls).
     */
    churnRate: z.number(),
  }),
  teams: z.object({
    /** Teams not deleted. */
    total: z.number().int(),
    /** Teams whose keys made a paid call in the last 30 days. */
    active: z.number().int(),
  }),
  revenue: z.object({
    /** All succeeded payments, cents. */
    total: z.number().int(),
    /** total / workspaces (personal or team) that ever paid, cents (0 when nobody paid). */
    arpu: z.number().int(),
  }),
  system: z.object({
    /** Seconds this process has been up. */
    uptime: z.number(),
    /** Mean response time of this process's requests in the last 5 minutes, milliseconds. */
    responseTime: z.number(),
  }),
});
export type AdminOverview = z.infer<typeof AdminOverview>;
export const AdminDashboardResponse = z.object({ overview: AdminOverview });

/** A team as the admin area lists it: members, balance and the last 30 days' use. */
export const AdminTeam = z.object({
  id: z.string(),
  name: z.string(),
  billingEmail: z.string().nullable(),
  createdAt: z.string(),
  tier: z.enum(RATE_LIMIT_TIERS),
  balance: z.number().int(),
  members: z.array(z.object({ email: z.string(), role: z.enum(['owner', 'admin', 'developer', 'billing']) })),
  activeKeys: z.number().int(),
  /** Paid calls and credits spent (net of refunds) in the last 30 days. */
  calls30d: z.number().int(),
  credits30d: z.number().int(),
});
export type AdminTeam = z.infer<typeof AdminTeam>;

export const AdminTeamsQuery = z.object({
  search: z.string().max(200).optional(),
  ...pageQuery(200, 50).shape,
});
export type AdminTeamsQuery = z.infer<typeof AdminTeamsQuery>;

export const AdminTeamsResponse = z.object({
  teams: z.array(AdminTeam),
  total: z.number().int(),
  nextCursor: NextCursor,
});
export type AdminTeamsResponse = z.infer<typeof AdminTeamsResponse>;
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;

export const AdminUser = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: z.enum(ADMIN_PLANS),
  tier: z.enum(RATE_LIMIT_TIERS),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  /** ISO time, null when the account never signed in. */
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  balance: z.number().int(),
  maxApiKeys: z.number().int(),
  rateLimits: z.object({
    perMinute: z.number().int().nullable(),
    perHour: z.number().int().nullable(),
    perDay: z.number().int().nullable(),
  }),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_LIMIT_MAX).default(ADMIN_USERS_LIMIT_DEFAULT),
  /** Matches email or name, case-insensitive substring. */
  search: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  /** Opaque cursor from the previous page's nextCursor (newest accounts first). */
  cursor: z.string().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  /** Accounts matching the search (all pages). */
  total: z.number().int(),
  nextCursor: NextCursor,
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** Add User: an invitation mail with a link to set a password. */
export const InviteUserBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH)
    .regex(EMAIL_PATTERN, 'Please enter a valid email'),
  role: z.enum(ROLES).default('user'),
});
export type InviteUserBody = z.infer<typeof InviteUserBody>;
export const InviteUserResponse = z.object({
  user: AdminUser,
  /** False when the invitation mail could not be sent (the account exists; invite again to resend). */
  emailSent: z.boolean(),
});
export type InviteUserResponse = z.infer<typeof InviteUserResponse>;

/** Edit: every field optional; rate limits null mean the tier's defaults. */
export const UpdateUserBody = z.strictObject({
  role: z.enum(ROLES).optional(),
  plan: z.enum(ADMIN_PLANS).optional(),
  isActive: z.boolean().optional(),
  maxApiKeys: z.number().int().min(0).max(1000).optional(),
  rateLimits: z
    .strictObject({
      perMinute: z.number().int().positive().max(1_000_000).nullable(),
      perHour: z.number().int().positive().max(100_000_000).nullable(),
      perDay: z.number().int().positive().max(1_000_000_000).nullable(),
    })
    .optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
export const UpdateUserResponse = z.object({ user: AdminUser });
export type UpdateUserResponse = z.infer<typeof UpdateUserResponse>;

/** A credit adjustment is a ledger entry with the admin's reason; negative takes credits away (never below 0). */
export const AdjustCreditsBody = z.strictObject({
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, { error: 'Amount must not be zero' })
    .refine((n) => Math.abs(n) <= 10_000_000, { error: 'Amount is too large' }),
  reason: z.string().trim().min(3, 'Please give a reason').max(500),
});
export type AdjustCreditsBody = z.infer<typeof AdjustCreditsBody>;
export const AdjustCreditsResponse = z.object({ balance: z.number().int() });
export type AdjustCreditsResponse = z.infer<typeof AdjustCreditsResponse>;

export const RevenuePoint = z.object({
  /** Month as YYYY-MM (UTC). */
  date: z.string(),
  revenue: z.object({ total: z.number().int() }),
  /** Percent change against the month before; null when that month had no revenue. */
  growthRate: z.number().nullable(),
});
/**
 * What the per-model figures (margins, reconciliation) are summed by: the service, its catalogue
 * model (null for Sora and LinkedIn) and the price variant.
 */
const PriceVariantKey = z.object({
  service: z.enum(SERVICES),
  model: CallModel.nullable(),
  /** The price variant (`10s-sound`, `4K`, `posts-1-10`, `all`; upstream-costs.ts); null for Sora and calls made before variants were recorded. */
  variant: z.string().nullable(),
});
/** Upstream cost and gross margin of one service (docs/admin-figures.md, "Cost and margin"); money in cents. */
export const ServiceMargin = z.object({
  service: z.string(),
  /** Completed calls (the ones an upstream bills). */
  calls: z.number().int(),
  /** Credits kept: charged less refunded, settled calls only. */
  credits: z.number().int(),
  /** Those credits at the average price paid per credit. */
  earned: z.number().int(),
  upstreamCost: z.number().int(),
  grossMargin: z.number().int(),
});
export type ServiceMargin = z.infer<typeof ServiceMargin>;
/**
 * The same figures per service and model (docs/admin-figures.md, "By model"): only the models with
 * calls in the period, by service then catalogue order; `model` is null for Sora and LinkedIn.
 */
export const ModelMargin = ServiceMargin.extend(PriceVariantKey.shape);
export type ModelMargin = z.infer<typeof ModelMargin>;
export const MonthMargin = z.object({
  date: z.string(),
  /** Succeeded payments of the month, as `revenueData`. */
  revenue: z.number().int(),
  upstreamCost: z.number().int(),
  /** revenue - upstreamCost. */
  grossMargin: z.number().int(),
  services: z.array(ServiceMargin),
  models: z.array(ModelMargin),
});
export const AdminRevenueResponse = z.object({
  revenueData: z.array(RevenuePoint),
  margins: z.array(MonthMargin),
});
export type AdminRevenueResponse = z.infer<typeof AdminRevenueResponse>;

export const FeatureStats = z.object({
  /** One of the four paid services: image, video, sora, linkedin. */
  feature: z.string(),
  totalUsers: z.number().int(),
  totalActions: z.number().int(),
  /** Mean of users' 1-5 ratings of results; null when nobody rated. */
  averageRating: z.number().nullable(),
  /** Percent of settled calls that failed. */
  errorRate: z.number(),
});
/** A feature's figures for one of its models (`model` null for Sora and LinkedIn). */
export const ModelFeatureStats = FeatureStats.omit({ feature: true, totalUsers: true }).extend({
  service: z.enum(SERVICES),
  model: CallModel.nullable(),
});
export type ModelFeatureStats = z.infer<typeof ModelFeatureStats>;
export const AdminFeaturesResponse = z.object({
  features: z.array(FeatureStats),
  /** The same window's upstream cost and gross margin per service, in the order of `features`. */
  margins: z.array(ServiceMargin),
  /** The window's calls per service and model: only those with calls, by service then catalogue order. */
  models: z.array(ModelFeatureStats),
  /** `margins` per service and model, the same rows as `models`. */
  modelMargins: z.array(ModelMargin),
});
export type AdminFeaturesResponse = z.infer<typeof AdminFeaturesResponse>;

export const HEALTH_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
/** The checks of GET /api/admin/system/health, in this order (docs/admin-figures.md). */
export const HEALTH_CHECK_NAMES = [
  'database',
  'job_queue',
  'stuck_tasks',
  'payment_webhooks',
  'task_webhooks',
  'ledger',
  'prices',
  'upstream_balance',
] as const;
export const HealthCheck = z.object({
  name: z.string(),
  status: z.enum(['ok', 'warn', 'fail']),
  detail: z.string(),
  value: z.number().nullable(),
});
export type HealthCheck = z.infer<typeof HealthCheck>;
export const AdminHealthResponse = z.object({
  health: z.object({
    status: z.enum(HEALTH_STATUSES),
    uptime: z.number(),
    responseTime: z.number(),
    /** Percent of this process's requests in the last 5 minutes answered with a 5xx. */
    errorRate: z.number(),
  }),
  /** database, job queue depth, stuck tasks, webhook failures, ledger check, prices (the margin guard), upstream balance. */
  checks: z.array(HealthCheck),
});
export type AdminHealthResponse = z.infer<typeof AdminHealthResponse>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditLogQuery = pageQuery(200, 50);
export const AuditLogResponse = pageOf('entries', AuditEntry);
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** A user's rating of one of their own results (a task), 1-5; rating again replaces it. */
export const RateResultBody = z.strictObject({ rating: z.number().int().min(1).max(5) });
export type RateResultBody = z.infer<typeof RateResultBody>;
export const RateResultResponse = z.object({ taskId: z.string(), rating: z.number().int() });
export type RateResultResponse = z.infer<typeof RateResultResponse>;
export const RATING_MESSAGES = {
  taskNotFound: 'Task not found',
  notFinished: 'Only finished calls can be rated',
} as const;

export const CIRCUIT_STATES = ['closed', 'open', 'half-open'] as const;
/** One upstream channel with its last hour (docs/admin-figures.md, "Channels: `GET /api/admin/channels`"). */
export const AdminChannel = z.object({
  id: z.string(),
  service: z.string(),
  upstream: z.string(),
  enabled: z.boolean(),
  /** Lower is tried first. */
  priority: z.number().int(),
  /** Attempts to hand work to the channel in the last hour. */
  calls: z.number().int(),
  /** Percent of those attempts that failed. */
  errorRate: z.number(),
  /** Milliseconds; null without calls. */
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  circuit: z.enum(CIRCUIT_STATES),
  consecutiveFailures: z.number().int(),
  /** The upstream account's balance, when the upstream reports one (kie credits). */
  upstreamBalance: z.number().nullable(),
  /**
   * As a fallback, the channel serves a call only if it leaves at least this percent of the
   * credits' value after its cost (0: never below cost).
   */
  marginFloorPercent: z.number().int(),
});
export type AdminChannel = z.infer<typeof AdminChannel>;
export const KIE_ACCOUNT_STATES = ['active', 'set_aside'] as const;
/**
 * One kie.ai account of the pool (docs/admin-figures.md, "Channels: `GET /api/admin/channels`"):
 * never its key, only the id the tasks record.
 */
export const AdminKieAccount = z.object({
  /** `k` and 8 hex digits of the key's SHA-256. */
  id: z.string(),
  /** Its place in KIE_API_KEYS: `#1`, `#2`, ... */
  label: z.string(),
  /** New tasks created in the current pace window, of `paceLimit` (kie: 20 per 10 s per account); null when unknown. */
  paceUsed: z.number().int().nullable(),
  paceLimit: z.number().int().nullable(),
  /** kie credits, read now (else the balance watch's last reading); null when unknown. */
  balance: z.number().nullable(),
  /** `set_aside`: it takes no new tasks (kie answered 401, 402 or 433, or an admin set it aside). */
  state: z.enum(KIE_ACCOUNT_STATES),
  setAsideReason: z.string().nullable(),
  setAsideAt: z.iso.datetime().nullable(),
});
export type AdminKieAccount = z.infer<typeof AdminKieAccount>;
export const AdminChannelsResponse = z.object({
  channels: z.array(AdminChannel),
  /** The kie.ai accounts of the pool (one with KIE_API_KEY); none with the local engine. */
  kieAccounts: z.array(AdminKieAccount),
});
export type AdminChannelsResponse = z.infer<typeof AdminChannelsResponse>;
export const UpdateChannelBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    priority: z.number().int().min(0).max(1000).optional(),
    marginFloorPercent: z.number().int().min(0).max(100).optional(),
  })
  .refine(
    (body) =>
      body.enabled !== undefined || body.priority !== undefined || body.marginFloorPercent !== undefined,
    { error: 'give enabled, priority or marginFloorPercent' },
  );
export type UpdateChannelBody = z.infer<typeof UpdateChannelBody>;
export const UpdateChannelResponse = z.object({ channel: AdminChannel });
export type UpdateChannelResponse = z.infer<typeof UpdateChannelResponse>;
/** Re-enables a set-aside kie.ai account (`active: true`) or sets one aside by hand (`false`). */
export const UpdateKieAccountBody = z.strictObject({ active: z.boolean() });
export type UpdateKieAccountBody = z.infer<typeof UpdateKieAccountBody>;
export const UpdateKieAccountResponse = z.object({ account: AdminKieAccount });
export type UpdateKieAccountResponse = z.infer<typeof UpdateKieAccountResponse>;

/** One catalogue model with the operator's settings (docs/product.md, "Models"). */
export const AdminModel = z.object({
  id: z.string(),
  service: z.enum(['image', 'video']),
  name: z.string(),
  enabled: z.boolean(),
  credits: z.number().int(),
  /** The price before the operator set one. */
  defaultCredits: z.number().int(),
  /** What the upstream charges for one call, millionths of a US dollar. */
  upstreamMicros: z.number().int(),
});
export type AdminModel = z.infer<typeof AdminModel>;
export const AdminModelsResponse = z.object({ models: z.array(AdminModel) });
export type AdminModelsResponse = z.infer<typeof AdminModelsResponse>;
/** Turn a model on or off, set its price, or (`credits: null`) give it back its default price. */
export const UpdateModelBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    credits: z.number().int().min(1).max(100_000).nullable().optional(),
    /** Save a price under a variant's cost plus the margin floor (audited); else 409 PRICE_BELOW_COST. */
    acceptBelowCost: z.boolean().optional(),
  })
  .refine((body) => body.enabled !== undefined || body.credits !== undefined, {
    error: 'give enabled or credits',
  });
export type UpdateModelBody = z.infer<typeof UpdateModelBody>;
export const UpdateModelResponse = z.object({ model: AdminModel });
export type UpdateModelResponse = z.infer<typeof UpdateModelResponse>;

/** Days the reconciliation covers by default, and at most (docs/admin-figures.md, "Reconciliation"). */
export const RECONCILIATION_DAYS_DEFAULT = 30;
export const RECONCILIATION_DAYS_MAX = 92;
/** The "refunded but billed upstream" list shows this many tasks, newest first. */
export const RECONCILIATION_REFUNDED_LIMIT = 100;
export const ReconciliationQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECONCILIATION_DAYS_MAX)
    .default(RECONCILIATION_DAYS_DEFAULT)
    .describe('UTC days back from today, today included'),
});
export type ReconciliationQuery = z.infer<typeof ReconciliationQuery>;
/** Settled calls' credits against what the upstreams billed: money in millionths of a dollar. */
const ReconciliationFigures = z.object({
  /** Settled calls, completed or failed. */
  calls: z.number().int(),
  creditsCharged: z.number().int(),
  /** Charged less refunded. */
  creditsKept: z.number().int(),
  /** creditsKept at the average price paid for a credit. */
  earnedMicros: z.number().int(),
  /** What the upstreams billed, refunded calls included. */
  upstreamCostMicros: z.number().int(),
  marginMicros: z.number().int(),
  /** Calls refunded to the customer that the upstream billed all the same. */
  refundedButBilled: z.number().int(),
});
/**
 * One UTC day of one service and model (upstream prices go below a cent); `model` is null for Sora
 * and LinkedIn.
 */
export const ReconciliationDay = ReconciliationFigures.extend({
  date: z.string().describe('YYYY-MM-DD, UTC'),
  ...PriceVariantKey.shape,
});
export type ReconciliationDay = z.infer<typeof ReconciliationDay>;
/** The whole window of one service, model and variant: the sum of its days. */
export const ReconciliationModel = ReconciliationFigures.extend(PriceVariantKey.shape);
export type ReconciliationModel = z.infer<typeof ReconciliationModel>;
export const RefundedBilledTask = z.object({
  taskId: z.string(),
  service: z.enum(SERVICES),
  model: CallModel.nullable(),
  channel: z.string().nullable(),
  createdAt: z.iso.datetime(),
  creditsRefunded: z.number().int(),
  upstreamCostMicros: z.number().int(),
  error: z.string().nullable(),
});
export type RefundedBilledTask = z.infer<typeof RefundedBilledTask>;
export const AdminReconciliationResponse = z.object({
  days: z.array(ReconciliationDay),
  /** The window per service, model and variant (only those with settled calls), by service then catalogue order. */
  models: z.array(ReconciliationModel),
  refundedButBilled: z.array(RefundedBilledTask),
  /** The average price paid for a credit, millionths of a dollar; 0 before any payment. */
  creditPriceMicros: z.number().int(),
});
export type AdminReconciliationResponse = z.infer<typeof AdminReconciliationResponse>;

/** The admin figures' routes. */
export const ADMIN_FIGURE_ROUTES = {
  dashboard: defineAppRoute({ ...APP_PATHS.adminDashboard, response: AdminDashboardResponse }),
  revenue: defineAppRoute({ ...APP_PATHS.adminRevenue, response: AdminRevenueResponse }),
  features: defineAppRoute({ ...APP_PATHS.adminFeatures, response: AdminFeaturesResponse }),
  health: defineAppRoute({ ...APP_PATHS.adminHealth, response: AdminHealthResponse }),
  auditLog: defineAppRoute({ ...APP_PATHS.adminAuditLog, query: AuditLogQuery, response: AuditLogResponse }),
  channels: defineAppRoute({ ...APP_PATHS.adminChannels, response: AdminChannelsResponse }),
  models: defineAppRoute({ ...APP_PATHS.adminModels, response: AdminModelsResponse }),
  reconciliation: defineAppRoute({
    ...APP_PATHS.adminReconciliation,
    query: ReconciliationQuery,
    response: AdminReconciliationResponse,
  }),
  /** The same days as CSV (not JSON, so without a response schema). */
  reconciliationCsv: defineAppRoute({ ...APP_PATHS.adminReconciliationCsv, query: ReconciliationQuery }),
};

/** The user or the channel an admin route's path names. */
const AdminTargetParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The admin routes that list and change accounts and teams, and a channel's settings. Adding a
 * user answers 201.
 */
export const ADMIN_EDIT_ROUTES = {
  users: defineAppRoute({ ...APP_PATHS.adminUsers, query: AdminUsersQuery, response: AdminUsersResponse }),
  teams: defineAppRoute({ ...APP_PATHS.adminTeams, query: AdminTeamsQuery, response: AdminTeamsResponse }),
  invite: defineAppRoute({ ...APP_PATHS.adminInvite, body: InviteUserBody, response: InviteUserResponse }),
  editUser: defineAppRoute({
    ...APP_PATHS.adminEditUser,
    params: AdminTargetParams,
    body: UpdateUserBody,
    response: UpdateUserResponse,
  }),
  adjustCredits: defineAppRoute({
    ...APP_PATHS.adminAdjustCredits,
    params: AdminTargetParams,
    body: AdjustCreditsBody,
    response: AdjustCreditsResponse,
  }),
  updateChannel: defineAppRoute({
    ...APP_PATHS.adminUpdateChannel,
    params: AdminTargetParams,
    body: UpdateChannelBody,
    response: UpdateChannelResponse,
  }),
  updateKieAccount: defineAppRoute({
    ...APP_PATHS.adminUpdateKieAccount,
    params: AdminTargetParams,
    body: UpdateKieAccountBody,
    response: UpdateKieAccountResponse,
  }),
  updateModel: defineAppRoute({
    ...APP_PATHS.adminUpdateModel,
    params: AdminTargetParams,
    body: UpdateModelBody,
    response: UpdateModelResponse,
  }),
};
