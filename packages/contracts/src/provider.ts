import { z } from 'zod';
import { DEFAULT_TASK_WEBHOOK_FILTERS, TASK_WEBHOOK_FILTERS } from './event-types.ts';
import { metadataField } from './metadata.ts';
import {
  IMAGE_FORMATS,
  IMAGE_SIZES,
  PROVIDER_LIMITS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_MODELS,
} from './services.ts';

const L = PROVIDER_LIMITS;
const httpUrl = z
  .string()
  .max(L.urlMaxLength)
  .url({ error: 'must be an http(s) URL' })
  .refine((value) => /^https?:\/\//i.test(value), { error: 'must be an http(s) URL' });
export const callBackUrl = httpUrl.optional().describe('Called with a signed POST when the task settles');
/** Every paid call may cap its price and pay a quoted one (docs/product.md, "Controlling a paid call"). */
export const priceControls = {
  maxCredits: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('Refuse the call (402 PRICE_ABOVE_MAX, nothing charged) if it costs more credits than this'),
  quoteId: z
    .string()
    .regex(/^quo_[A-Za-z0-9_-]{1,60}$/, { error: 'must be a quoteId from POST /api/provider/quote' })
    .optional()
    .describe('A quote of this service: its price holds until the quote expiresAt'),
};
/** The fields of a paid body that steer the charge, not the work: they are not stored with the task. */
export const PRICE_CONTROL_FIELDS = ['maxCredits', 'quoteId'] as const;
export const webhookEvents = z
  .array(z.enum(TASK_WEBHOOK_FILTERS, { error: `must be among ${TASK_WEBHOOK_FILTERS.join(', ')}` }))
  .min(1)
  .max(TASK_WEBHOOK_FILTERS.length)
  .optional()
  .describe(
    `Which of the task's events the callBackUrl receives; ${DEFAULT_TASK_WEBHOOK_FILTERS.join(', ')} when absent`,
  );
/**
 * The body of a service that answers with a task: its own fields, then who hears when the task
 * settles, what it may cost and its metadata.
 */
const taskBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject({ ...shape, callBackUrl, webhookEvents, ...priceControls, ...metadataField });

const promptOf = (maxLength: number, what: string) =>
  z.string().trim().min(1, { error: 'is required' }).max(maxLength).describe(what);
/** An image body's `prompt` (the image service's and every image model's). */
export const imagePrompt = (maxLength: number = L.imagePromptMaxLength) =>
  promptOf(maxLength, 'What the image should show');
/** A video body's `prompt` (the video service's and every video model's). */
export const videoPrompt = (maxLength: number = L.videoPromptMaxLength) =>
  promptOf(maxLength, 'What the video should show');

export const ImageRequest = taskBody({
  model: z
    .literal('nano-banana')
    .default('nano-banana')
    .describe(
      "This body's model; GET /api/provider/models lists the others, each with its own body and price",
    ),
  prompt: imagePrompt(),
  image_urls: z
    .array(httpUrl)
    .max(L.imageUrlsMax)
    .optional()
    .describe(
      `Reference images to edit or draw from: http(s) URLs of PNG, JPEG or WebP files, ${L.imageMaxBytes / 1024 / 1024} MB each at most`,
    ),
  output_format: z.enum(IMAGE_FORMATS).default('png').describe('File type of the result'),
  image_size: z.enum(IMAGE_SIZES).default('1:1').describe('Aspect ratio of the result'),
});
export type ImageRequest = z.infer<typeof ImageRequest>;

export const VideoRequest = taskBody({
  prompt: videoPrompt(),
  imageUrls: z
    .array(httpUrl)
    .max(L.videoImageUrlsMax)
    .optional()
    .describe('Images to animate: http(s) URLs (image-to-video)'),
  model: z
    .enum(VIDEO_MODELS)
    .default('fast')
    .describe(
      'fast answers sooner; standard gives higher quality (Veo 3.1). GET /api/provider/models lists the other models, each with its own body and price',
    ),
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
    .describe(
      'Random seed: accepted for compatibility; kie.ai no longer takes one, so it only steers fal.ai when fal.ai serves the video',
    ),
  enableFallback: z
    .boolean()
    .default(false)
    .describe(
      'Accepted for compatibility and ignored: kie.ai retired its fallback model (a fallback is billed differently), so it is never sent',
    ),
  enableTranslation: z.boolean().default(true).describe('Translate a prompt that is not in English first'),
  watermark: z
    .string()
    .max(L.watermarkMaxLength)
    .optional()
    .describe('Text shown as a watermark on the video'),
});
export type VideoRequest = z.infer<typeof VideoRequest>;

export const SoraRequest = taskBody({
  video_url: z
    .string()
    .max(L.soraUrlMaxLength)
    .startsWith(L.soraUrlPrefix, { error: `must start with ${L.soraUrlPrefix}` })
    .describe('Share link of the Sora video'),
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
  ...priceControls,
  ...metadataField,
});
export type LinkedinRequest = z.infer<typeof LinkedinRequest>;

/** POST /api/provider/quote: the body is checked as the service's own endpoint checks it. */
export const QuoteRequest = z.strictObject({
  service: z.enum(['image', 'video', 'sora', 'linkedin']).describe('The service to price'),
  body: z.record(z.string(), z.unknown()).describe("The body you would send to the service's endpoint"),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

/** The path of the status endpoints: `/api/provider/<service>/status/{taskId}`. */
export const TaskStatusParams = z.object({ taskId: z.string().max(64) });
export type TaskStatusParams = z.infer<typeof TaskStatusParams>;

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
