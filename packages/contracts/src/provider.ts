import { z } from 'zod';
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
export const SERVICE_COST: Record<Service, number> = {
  image: USAGE_COSTS.imageGeneration,
  video: USAGE_COSTS.videoGeneration,
  sora: USAGE_COSTS.soraWatermarkRemover,
  linkedin: USAGE_COSTS.linkedinScraping,
};
export const SERVICE_LABELS: Record<Service, string> = {
  image: 'Image generation',
  video: 'Video generation',
  sora: 'Sora watermark removal',
  linkedin: 'LinkedIn scraping',
};

/** Documented limits of the public API (spec section 5). */
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
export const VIDEO_MODELS = ['standard', 'fast'] as const;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', 'Auto'] as const;

const L = PROVIDER_LIMITS;
const httpUrl = z
  .string()
  .max(L.urlMaxLength)
  .url({ error: 'must be an http(s) URL' })
  .refine((value) => /^https?:\/\//i.test(value), { error: 'must be an http(s) URL' });
const callBackUrl = httpUrl.optional().describe('Called with a signed POST when the task settles');

export const ImageRequest = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(L.imagePromptMaxLength)
    .describe('What the image should show'),
  image_urls: z
    .array(httpUrl)
    .max(L.imageUrlsMax)
    .optional()
    .describe(
      `Reference images to edit or draw from: http(s) URLs of PNG, JPEG or WebP files, ${L.imageMaxBytes / 1024 / 1024} MB each at most`,
    ),
  output_format: z.enum(IMAGE_FORMATS).default('png').describe('File type of the result'),
  image_size: z.enum(IMAGE_SIZES).default('1:1').describe('Aspect ratio of the result'),
  callBackUrl,
});
export type ImageRequest = z.infer<typeof ImageRequest>;

export const VideoRequest = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(L.videoPromptMaxLength)
    .describe('What the video should show'),
  imageUrls: z
    .array(httpUrl)
    .max(L.videoImageUrlsMax)
    .optional()
    .describe('Images to animate: http(s) URLs (image-to-video)'),
  model: z.enum(VIDEO_MODELS).default('fast').describe('fast answers sooner; standard gives higher quality'),
  aspectRatio: z
    .enum(VIDEO_ASPECT_RATIOS)
    .default('16:9')
    .describe('Frame shape; Auto follows the input image'),
  seeds: z
    .number()
    .int()
    .min(L.seedsMin)
    .max(L.seedsMax)
    .optional()
    .describe('Random seed: the same seed and prompt give a similar video'),
  enableFallback: z
    .boolean()
    .default(false)
    .describe('Retry with a fallback model when the first one refuses the prompt'),
  enableTranslation: z.boolean().default(true).describe('Translate a prompt that is not in English first'),
  watermark: z
    .string()
    .max(L.watermarkMaxLength)
    .optional()
    .describe('Text shown as a watermark on the video'),
  callBackUrl,
});
export type VideoRequest = z.infer<typeof VideoRequest>;

export const SoraRequest = z.strictObject({
  video_url: z
    .string()
    .max(L.soraUrlMaxLength)
    .startsWith(L.soraUrlPrefix, { error: `must start with ${L.soraUrlPrefix}` })
    .describe('Share link of the Sora video'),
  callBackUrl,
});
export type SoraRequest = z.infer<typeof SoraRequest>;

export const LinkedinRequest = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(200)
    .regex(/^[A-Za-z0-9._%-]+$/, { error: 'must be a profile username (the part after linkedin.com/in/)' })
    .describe('Profile username: the part after linkedin.com/in/'),
  page_number: z.number().int().min(L.linkedinPageMin).default(1).describe('Page of posts to answer'),
  pagination_token: z
    .string()
    .max(2000)
    .optional()
    .describe('The pagination_token of the previous answer, to fetch the next page'),
  limit: z
    .number()
    .int()
    .min(L.linkedinLimitMin)
    .max(L.linkedinLimitMax)
    .default(L.linkedinLimitDefault)
    .describe('Posts per page'),
  total_posts: z
    .number()
    .int()
    .min(L.linkedinTotalPostsMin)
    .max(L.linkedinTotalPostsMax)
    .optional()
    .describe('Stop after this many posts in all'),
});
export type LinkedinRequest = z.infer<typeof LinkedinRequest>;

/** The path of the status endpoints: `/api/provider/<service>/status/{taskId}`. */
export const TaskStatusParams = z.object({ taskId: z.string().max(64) });
export type TaskStatusParams = z.infer<typeof TaskStatusParams>;

export const TASK_STATUSES = ['processing', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Engine metadata on every answer: the local engine is labelled as a development stand-in. */
export const EngineInfo = z.object({ engine: z.enum(['local', 'kie']), isDevelopmentEngine: z.boolean() });
export type EngineInfo = z.infer<typeof EngineInfo>;

export const LinkedinPostStats = z.object({
  likes: z.number().int(),
  comments: z.number().int(),
  reposts: z.number().int(),
  reactions: z.record(z.string(), z.number().int()).optional(),
});
export const LinkedinPost = z.object({
  id: z.string(),
  url: z.string(),
  text: z.string(),
  postedAt: z.string(),
  author: z.object({ name: z.string(), username: z.string(), headline: z.string().optional() }),
  stats: LinkedinPostStats,
  media: z.array(z.object({ type: z.string(), url: z.string() })).optional(),
});
export type LinkedinPost = z.infer<typeof LinkedinPost>;
export const LinkedinProfile = z.object({
  username: z.string(),
  name: z.string(),
  headline: z.string().optional(),
  location: z.string().optional(),
  followers: z.number().int().optional(),
  connections: z.number().int().optional(),
  profileUrl: z.string(),
  email: z.string().optional(),
  website: z.string().optional(),
});
export type LinkedinProfile = z.infer<typeof LinkedinProfile>;

/** Requests per window by tier (spec section 9). Enterprise defaults until an admin sets an account's own. */
export const RATE_LIMITS = {
  free: { perMinute: 60, perHour: 1_000, perDay: 10_000 },
  pro: { perMinute: 300, perHour: 5_000, perDay: 50_000 },
  enterprise: { perMinute: 1_000, perHour: 30_000, perDay: 500_000 },
} as const;
export type RateLimitWindowLimits = { perMinute: number; perHour: number; perDay: number };

/** How long paid work may take before the sweeper settles it (and refunds it if it never finished). */
export const TASK_DEADLINE_S: Record<Service, number> = { image: 600, video: 1800, sora: 900, linkedin: 300 };
/** How long the sync endpoints wait before answering with the task id to poll. */
export const SYNC_WAIT_S = { image: 120, sora: 90, linkedin: 150 } as const;
