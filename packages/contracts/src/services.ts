/**
 * The services, their costs, limits and waits as plain values: no zod here, so pages that only show
 * them (the docs' Overview, pricing) load no schema code. provider.ts builds the request schemas on them.
 */
import { USAGE_COSTS, type UsageCostKey } from './credits.ts';

/** The four paid services, by the key their cost and usage carry. */
export const SERVICES = ['image', 'video', 'sora', 'linkedin'] as const;
export type Service = (typeof SERVICES)[number];

export const SERVICE_COST_KEY: Record<Service, UsageCostKey> = {
  image: 'imageGeneration',
  video: 'videoGeneration',
  sora: 'soraWatermarkRemover',
  linkedin: 'linkedinScraping',
};
export const SERVICE_COST = Object.fromEntries(
  SERVICES.map((service) => [service, USAGE_COSTS[SERVICE_COST_KEY[service]]]),
) as Record<Service, number>;
/**
 * What one unit of each service is: its cost is charged per unit
 * (docs/product.md, "Credit costs and packs").
 */
export const SERVICE_UNITS: Record<Service, string> = {
  image: 'image',
  video: 'video',
  sora: 'video',
  linkedin: 'request',
};
export const SERVICE_LABELS: Record<Service, string> = {
  image: 'Image generation',
  video: 'Video generation',
  sora: 'Sora watermark removal',
  linkedin: 'LinkedIn scraping',
};

/** Documented limits of the public API (docs/product.md, "Public API limits"). */
export const PROVIDER_LIMITS = {
  imagePromptMaxLength: 5000,
  imageUrlsMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  videoPromptMaxLength: 5000,
  videoImageUrlsMax: 2,
  seedsMin: 10_000,
  seedsMax: 99_999,
  watermarkMaxLength: 100,
  soraUrlPrefix: 'https://sora.chatgpt.com/',
  soraUrlMaxLength: 500,
  linkedinLimitMin: 1,
  linkedinLimitMax: 100,
  linkedinLimitDefault: 3,
  linkedinPageMin: 1,
  linkedinTotalPostsMin: 1,
  linkedinTotalPostsMax: 10_000,
  urlMaxLength: 2048,
} as const;

export const IMAGE_SIZES = [
  '1:1',
  '9:16',
  '16:9',
  '3:4',
  '4:3',
  '3:2',
  '2:3',
  '5:4',
  '4:5',
  '21:9',
  'auto',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const IMAGE_FORMATS = ['png', 'jpeg'] as const;
/** The Veo 3.1 models of the video service's default body (standard and fast). */
export const VIDEO_MODELS = ['standard', 'fast'] as const;
/**
 * The model catalogue's ids by service (models.ts declares each one): the first of each list is the
 * service's default, priced as the specification says.
 */
export const IMAGE_MODEL_IDS = [
  'nano-banana',
  'nano-banana-pro',
  'seedream-4.5',
  'gpt-image-1.5',
  'imagen4',
  'imagen4-fast',
] as const;
export const VIDEO_MODEL_IDS = [
  'fast',
  'standard',
  'kling-2.6',
  'seedance-1-pro',
  'wan-2.6',
  'hailuo-02-pro',
] as const;
export type ImageModelId = (typeof IMAGE_MODEL_IDS)[number];
export type VideoModelId = (typeof VIDEO_MODEL_IDS)[number];
export type ModelId = ImageModelId | VideoModelId;
export const DEFAULT_MODEL = { image: 'nano-banana', video: 'fast' } as const;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', 'Auto'] as const;

/**
 * `canceled`: stopped at the customer's request and refunded; `aborted`: not started upstream
 * before its `Cancel-After` deadline, refunded (docs/product.md, "Controlling a paid call").
 */
export const TASK_STATUSES = ['processing', 'completed', 'failed', 'canceled', 'aborted'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses a task ends in: it never moves again. */
export const SETTLED_TASK_STATUSES = ['completed', 'failed', 'canceled', 'aborted'] as const;
/** How long a price quote (POST /api/provider/quote) holds. */
export const QUOTE_VALID_S = 15 * 60;
/** The longest `Prefer: wait=N` an async endpoint honours, and the longest `Cancel-After`. */
export const PREFER_WAIT_MAX_S = 60;
export const CANCEL_AFTER_MAX_S = 24 * 60 * 60;

/**
 * Requests per window by tier (docs/product.md, "Rate limits"). Enterprise defaults until an admin
 * sets an account's own.
 */
export const RATE_LIMITS = {
  free: { perMinute: 60, perHour: 1_000, perDay: 10_000 },
  pro: { perMinute: 300, perHour: 5_000, perDay: 50_000 },
  enterprise: { perMinute: 1_000, perHour: 30_000, perDay: 500_000 },
} as const;
export type RateLimitWindowLimits = { perMinute: number; perHour: number; perDay: number };

/** Days a result file is kept after its call completes, unless RESULT_RETENTION_DAYS says otherwise. */
export const DEFAULT_RESULT_RETENTION_DAYS = 30;

/**
 * How long paid work may take (a task's `deadlineAt`): a task not settled by then fails and is
 * refunded (docs/product.md, "Controlling a paid call").
 */
export const TASK_DEADLINE_S: Record<Service, number> = { image: 600, video: 1800, sora: 900, linkedin: 300 };
/** How long the sync endpoints wait before answering with the task id to poll. */
export const SYNC_WAIT_S = { image: 120, sora: 90, linkedin: 150 } as const;
