import { z } from 'zod';
import { RateResultBody, RateResultResponse } from './admin.ts';
import { CancelResult } from './api-responses.ts';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { RATE_LIMIT_TIERS } from './auth.ts';
import { CallDetail, CallDetailParams } from './calls.ts';
import { MetadataAnswer } from './metadata.ts';
import { CallModel, ModelUsage } from './model-usage.ts';
import { pageOf, pageQuery } from './pages.ts';
import { SERVICES, TASK_STATUSES } from './services.ts';

export const USAGE_WINDOW_DAYS = 30;

/** `GET /api/dashboard` (docs/product.md, "Data the screens show"), plus credits per service. */
export const DashboardResponse = z.object({
  apiProvider: z.object({
    tier: z.enum(RATE_LIMIT_TIERS),
    maxApiKeys: z.number().int(),
    limits: z.object({ perMinute: z.number().int(), perHour: z.number().int(), perDay: z.number().int() }),
  }),
  credits: z.object({
    balance: z.number().int(),
    usageCosts: z.object({
      imageGeneration: z.number().int(),
      videoGeneration: z.number().int(),
      soraWatermarkRemover: z.number().int(),
      linkedinScraping: z.number().int(),
    }),
  }),
  apiKeys: z.object({ active: z.number().int(), maxAllowed: z.number().int() }),
  usage: z.object({
    last30Days: z.object({
      totalRequests: z.number().int(),
      imageRequests: z.number().int(),
      videoRequests: z.number().int(),
      soraWatermarkRemoverRequests: z.number().int(),
      linkedinRequests: z.number().int(),
      /** Net credits spent per service in the window (charges less refunds). */
      creditsByService: z.record(z.enum(SERVICES), z.number().int()),
      /**
       * The same calls and net credits per service and model (docs/product.md, "Usage by model"):
       * only the rows with calls, by service then catalogue order. Spend, so every role sees it.
       */
      byModel: z.array(ModelUsage),
    }),
  }),
  /** The engine behind the paid services; the UI marks the local development engine. */
  engine: z.object({ name: z.string(), isDevelopmentEngine: z.boolean() }),
  /** The getting-started steps done so far (verification is on the user). */
  gettingStarted: z.object({
    hasCreatedKey: z.boolean(),
    hasMadeCall: z.boolean(),
    hasBoughtCredits: z.boolean(),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const UsageItem = z.object({
  taskId: z.string(),
  createdAt: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  service: z.enum(SERVICES),
  /** The catalogue model the call ran; null for Sora and LinkedIn. */
  model: CallModel.nullable(),
  /** Every status a task can have (a canceled or aborted call is listed like any other). */
  status: z.enum(TASK_STATUSES),
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  /** The user's 1-5 rating of this result (PUT /api/usage/:taskId/rating); null when not rated. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** The files the call produced (images, videos); empty for LinkedIn and unfinished calls. */
  resultUrls: z.array(z.string()),
  /** When those files are deleted (their URLs answer 410 from then on); null without files. */
  expiresAt: z.string().nullable(),
  metadata: MetadataAnswer,
});
export type UsageItem = z.infer<typeof UsageItem>;

export const UsageQuery = pageQuery(100, 25);
export type UsageQuery = z.infer<typeof UsageQuery>;

export const UsageResponse = pageOf('items', UsageItem);
export type UsageResponse = z.infer<typeof UsageResponse>;

export const USAGE_CSV_COLUMNS = [
  'time',
  'task_id',
  'key_name',
  'service',
  /** The model id; empty for Sora and LinkedIn. */
  'model',
  'status',
  'credits_charged',
  'credits_refunded',
  /** The call's result files, separated by spaces. */
  'result_urls',
  /** When those files are deleted. */
  'results_expire_at',
  /** The call's metadata as JSON (`{}` for none). */
  'metadata',
] as const;

/** An IANA time zone name the browser reports (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'tz: must be an IANA time zone such as Europe/Paris');

export const DailyUsageQuery = z.object({ tz: TimeZone.default('UTC') });
export type DailyUsageQuery = z.infer<typeof DailyUsageQuery>;

const PerService = z.record(z.enum(SERVICES), z.number().int());

/** One day of the user's calls: how many per service, and the credits they cost net of refunds. */
export const DailyUsageDay = z.object({
  /** The day in the asked time zone, `YYYY-MM-DD`. */
  date: z.string(),
  calls: PerService,
  credits: PerService,
});
export type DailyUsageDay = z.infer<typeof DailyUsageDay>;

export const DailyUsageResponse = z.object({
  timeZone: z.string(),
  /** The last `USAGE_WINDOW_DAYS` days, oldest first, today last; days without calls are zeros. */
  days: z.array(DailyUsageDay),
  /** This calendar month so far (in the same time zone): calls and net credits spent. */
  thisMonth: z.object({ month: z.string(), calls: z.number().int(), credits: z.number().int() }),
});
export type DailyUsageResponse = z.infer<typeof DailyUsageResponse>;

/** `GET /api/usage/daily`: the dashboard's 30-day chart and this month's spend. */
export const DAILY_USAGE_ROUTE = defineAppRoute({
  ...APP_PATHS.dailyUsage,
  query: DailyUsageQuery,
  response: DailyUsageResponse,
});

/**
 * The signed-in user's dashboard, usage history, daily chart, one call's detail and its rating, and
 * the history as CSV (not JSON, so without an answer schema).
 */
export const USAGE_ROUTES = {
  dashboard: defineAppRoute({ ...APP_PATHS.dashboard, response: DashboardResponse }),
  history: defineAppRoute({ ...APP_PATHS.usage, query: UsageQuery, response: UsageResponse }),
  daily: DAILY_USAGE_ROUTE,
  callDetail: defineAppRoute({ ...APP_PATHS.callDetail, params: CallDetailParams, response: CallDetail }),
  /** The call page's Cancel: the API's cancel (same outcomes and refunds) for a signed-in member. */
  cancelCall: defineAppRoute({ ...APP_PATHS.cancelCall, params: CallDetailParams, response: CancelResult }),
  rateResult: defineAppRoute({
    ...APP_PATHS.rateResult,
    params: CallDetailParams,
    body: RateResultBody,
    response: RateResultResponse,
  }),
  csv: defineAppRoute({ ...APP_PATHS.usageCsv }),
};
