import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';
import { TASK_EVENT_TYPES } from './event-types.ts';
import { SPEND_PERIODS } from './keys.ts';
import { MetadataAnswer } from './metadata.ts';
import { NextCursor, pageAnswerOf } from './pages.ts';
import { EngineInfo, LinkedinPost, LinkedinProfile } from './provider.ts';
import { RequestLogItem } from './request-log.ts';
import { SERVICES, TASK_STATUSES } from './services.ts';

/**
 * What the public API answers, field for field (apps/server/src/modules/provider/task-view.ts and
 * routes.ts): the OpenAPI document, the typed client and the doc tests read these.
 */
const TaskFields = {
  taskId: z.string().describe('Your task id (`task_...`): the status endpoints take it'),
  service: z.enum(SERVICES).optional().describe('Which service the task belongs to'),
  status: z
    .enum(TASK_STATUSES)
    .describe(
      'processing, then completed, failed (refunded), canceled (at your request, refunded) or aborted (not started before its Cancel-After, refunded)',
    ),
  message: z.string().describe('The state in words'),
  creditsUsed: z.number().int().describe('What the call costs you now: charged minus refunded'),
  creditsCharged: z.number().int().optional().describe('Charged when the task was created'),
  creditsRefunded: z
    .number()
    .int()
    .optional()
    .describe('Given back because the task failed, was canceled or aborted'),
  timestamp: z.iso.datetime().describe('When the task was created'),
  deadlineAt: z.iso
    .datetime()
    .describe("The service's maximum duration: not settled by then, the task fails and is refunded"),
  cancelRequestedAt: z.iso
    .datetime()
    .optional()
    .describe('When a cancel was asked of the upstream; the task settles canceled once it confirms'),
  completedAt: z.iso.datetime().optional().describe('When it settled'),
  processingTime: z.number().optional().describe('Seconds from creation to settling'),
  statusUrl: z.string().optional().describe('Path of the status endpoint, while processing'),
  error: z.string().optional().describe('Why a failed task failed'),
  metadata: MetadataAnswer,
  engine: EngineInfo.describe('Which engine ran it; the local engine is a development stand-in'),
  livemode: z
    .boolean()
    .describe("False for a test key's call: free, run by the development engine, seen by test keys only"),
};
const fileUrls = (what: string) =>
  z.array(z.string()).optional().describe(`URLs of the ${what}, once completed`);
const expiresAt = z.iso
  .datetime()
  .optional()
  .describe('With result URLs: when the files are deleted; their URLs answer 410 from then on');

export const ImageTask = z.object({ ...TaskFields, resultUrls: fileUrls('images'), expiresAt });
export type ImageTask = z.infer<typeof ImageTask>;

/** Video generation and Sora watermark removal: both produce videos. */
export const VideoTask = z.object({
  ...TaskFields,
  videoUrls: fileUrls('videos'),
  resultUrls: fileUrls('videos (same as videoUrls)'),
  expiresAt,
});
export type VideoTask = z.infer<typeof VideoTask>;

export const LinkedinTask = z.object({
  ...TaskFields,
  profile: LinkedinProfile.optional(),
  posts: z.array(LinkedinPost).optional(),
  pagination_token: z
    .string()
    .nullable()
    .optional()
    .describe('Pass as pagination_token for the next page; null on the last'),
});
export type LinkedinTask = z.infer<typeof LinkedinTask>;

/** A task of any service, as the task list and GET /api/provider/tasks/{taskId} answer it. */
export const AnyTask = z.object({
  ...TaskFields,
  resultUrls: fileUrls('results'),
  videoUrls: fileUrls('videos (video and Sora tasks)'),
  expiresAt,
  profile: LinkedinProfile.optional(),
  posts: z.array(LinkedinPost).optional(),
  pagination_token: z.string().nullable().optional(),
});
export type AnyTask = z.infer<typeof AnyTask>;

export const TaskListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Tasks per page, 1-100'),
  cursor: z.string().max(200).optional().describe("The previous page's nextCursor"),
  service: z.enum(SERVICES).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('The Idempotency-Key the call was sent with'),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

/** What a cancel did: said plainly, never promising a refund the ledger has not made. */
export const CANCEL_OUTCOMES = ['canceled', 'cancel_requested', 'continues'] as const;
export const CancelResult = z.object({
  taskId: z.string(),
  status: z.enum(TASK_STATUSES).describe('The task status after the cancel'),
  outcome: z
    .enum(CANCEL_OUTCOMES)
    .describe(
      'canceled: stopped and refunded now; cancel_requested: the upstream was asked to stop, refunded when it confirms; continues: the upstream cannot stop it, it runs to its end and stays charged',
    ),
  creditsRefunded: z.number().int().describe('Credits given back by this cancel (0 until a refund is made)'),
  message: z.string().describe('What happens next, in words'),
});
export type CancelResult = z.infer<typeof CancelResult>;

export const QuoteResult = z.object({
  credits: z.number().int().describe('What the call costs now'),
  quoteId: z.string().describe('Send as quoteId in the paid call to pay this price until expiresAt'),
  expiresAt: z.iso.datetime(),
});
export type QuoteResult = z.infer<typeof QuoteResult>;

export const AccountInfo = z.object({
  keyName: z.string(),
  workspace: z
    .object({
      id: z.string(),
      kind: z.enum(['personal', 'team']),
      name: z.string().nullable().describe("The team's name; null for a personal workspace"),
    })
    .describe('The workspace the key belongs to: its balance pays for the calls'),
  balance: z.number().int().describe('Credits available'),
  tier: z.enum(['free', 'pro', 'enterprise']),
  limits: z.object({ perMinute: z.number().int(), perHour: z.number().int(), perDay: z.number().int() }),
  remaining: z
    .object({ minute: z.number().int(), hour: z.number().int(), day: z.number().int() })
    .describe('Requests left in each window, this one counted'),
  key: z
    .object({
      permissions: z.array(z.enum(SERVICES)).describe('The services the key may call'),
      spendLimit: z
        .object({ credits: z.number().int(), period: z.enum(SPEND_PERIODS) })
        .nullable()
        .describe('Credits the key may spend per period (day and month reset at 00:00 UTC); null for none'),
      spent: z
        .number()
        .int()
        .describe('Credits counted against the spend limit in the current period; 0 without one'),
      spentResetsAt: z.iso
        .datetime()
        .nullable()
        .describe('When the current period ends; null for a total limit or none'),
      rateLimitPerMinute: z
        .number()
        .int()
        .nullable()
        .describe("The key's own requests per minute; null for none"),
      expiresAt: z.iso.datetime().nullable().describe('When the key stops working; null for never'),
    })
    .describe("The key's own controls, as set on the API Keys page"),
  engine: EngineInfo,
  livemode: z.boolean().describe('False for a test key: its calls are free and it sees test data only'),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

const successOf = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const ImageTaskAnswer = successOf(ImageTask);
export type ImageTaskAnswer = z.infer<typeof ImageTaskAnswer>;
export const VideoTaskAnswer = successOf(VideoTask);
export type VideoTaskAnswer = z.infer<typeof VideoTaskAnswer>;
export const LinkedinTaskAnswer = successOf(LinkedinTask);
export type LinkedinTaskAnswer = z.infer<typeof LinkedinTaskAnswer>;
export const TaskAnswer = successOf(AnyTask);
export type TaskAnswer = z.infer<typeof TaskAnswer>;
export const TaskListAnswer = pageAnswerOf(
  AnyTask,
  NextCursor.describe('Pass as cursor for the next page; null on the last'),
);
export type TaskListAnswer = z.infer<typeof TaskListAnswer>;
export const CancelAnswer = successOf(CancelResult);
export type CancelAnswer = z.infer<typeof CancelAnswer>;
export const QuoteAnswer = successOf(QuoteResult);
export type QuoteAnswer = z.infer<typeof QuoteAnswer>;
export const AccountAnswer = successOf(AccountInfo);
export type AccountAnswer = z.infer<typeof AccountAnswer>;
/** `GET /api/provider/requests`: one page of the request log and the cursor of the next (null on the last). */
export const RequestLogAnswer = pageAnswerOf(RequestLogItem);
export type RequestLogAnswer = z.infer<typeof RequestLogAnswer>;

/** The body of a task's event: what a callBackUrl receives (signed the Standard Webhooks way). */
export const TaskWebhookEvent = z.object({
  type: z.enum(TASK_EVENT_TYPES),
  timestamp: z.iso.datetime().describe('When the event happened (the same on every retry)'),
  data: z.object({
    ...TaskFields,
    resultUrls: fileUrls('results'),
    videoUrls: fileUrls('videos (video and Sora tasks)'),
    expiresAt,
  }),
});
export type TaskWebhookEvent = z.infer<typeof TaskWebhookEvent>;

/**
 * Every error of the public API: the one error shape (docs/product.md, "Error answers") with
 * `success: false`.
 */
export const ApiErrorAnswer = z.object({
  success: z.literal(false),
  error: z.string().describe('What went wrong, for people'),
  code: z.enum(Object.values(ERROR_CODES) as [string, ...string[]]).describe('What went wrong, for programs'),
  requestId: z.string().describe('Quote it to support; also in the X-Request-Id header'),
  field: z.string().optional().describe('400: the offending field'),
  required: z.number().int().optional().describe('402: credits the call costs'),
  maxCredits: z.number().int().optional().describe('402 PRICE_ABOVE_MAX: the cap you sent'),
  taskStatus: z.enum(TASK_STATUSES).optional().describe('409 on a cancel: the status the task settled in'),
  available: z.number().int().optional().describe('402: credits the account has'),
  retryAfter: z.number().optional().describe('429: seconds until a request is accepted again'),
  taskId: z.string().optional().describe('502: the failed task; 409 on a cancel: the settled task'),
  creditsRefunded: z.number().int().optional().describe('502: credits given back'),
  // 402 KEY_SPEND_LIMIT: the key's own spending limit (apps/server/src/modules/provider/key-refusals.ts).
  limit: z.number().int().optional().describe("402 KEY_SPEND_LIMIT: the key's spending limit in credits"),
  spent: z.number().int().optional().describe('402 KEY_SPEND_LIMIT: credits the key spent in this period'),
  period: z.enum(SPEND_PERIODS).optional().describe('402 KEY_SPEND_LIMIT: the period the limit counts over'),
  resetsAt: z.iso
    .datetime()
    .nullable()
    .optional()
    .describe(
      '402 KEY_SPEND_LIMIT: when the period ends and the key may spend again; null for a total limit',
    ),
});
export type ApiErrorAnswer = z.infer<typeof ApiErrorAnswer>;
