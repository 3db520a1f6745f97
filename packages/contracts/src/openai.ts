/**
 * The OpenAI-compatible API under /v1 (docs/product.md, "Use with OpenAI libraries"): OpenAI's
 * request and answer shapes for models, images and videos, served by our catalogue and charged as
 * the native endpoints charge. The server validates with these; the OpenAPI document lists them.
 */
import { z } from 'zod';
import { MetadataAnswer, metadataField } from './metadata.ts';

export const OPENAI_BASE_PATH = '/v1';

/**
 * OpenAI's image sizes and the aspect ratio each becomes (`auto`: the model's default). A model
 * that has no such ratio answers 400 naming `size` and the sizes it takes.
 */
export const OPENAI_IMAGE_SIZE_RATIOS = {
  '256x256': '1:1',
  '512x512': '1:1',
  '1024x1024': '1:1',
  '1536x1024': '3:2',
  '1024x1536': '2:3',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
} as const satisfies Record<string, string>;
export type OpenAIImageSize = keyof typeof OPENAI_IMAGE_SIZE_RATIOS | 'auto';
const IMAGE_SIZES = [...Object.keys(OPENAI_IMAGE_SIZE_RATIOS), 'auto'] as unknown as [
  OpenAIImageSize,
  ...OpenAIImageSize[],
];

/** OpenAI's video sizes and the aspect ratio each becomes. */
export const OPENAI_VIDEO_SIZE_RATIOS = {
  '1280x720': '16:9',
  '1792x1024': '16:9',
  '720x1280': '9:16',
  '1024x1792': '9:16',
} as const satisfies Record<string, string>;
const VIDEO_SIZES = Object.keys(OPENAI_VIDEO_SIZE_RATIOS) as [string, ...string[]];
/** The size a video of each aspect ratio is reported as. */
export const OPENAI_VIDEO_SIZE_OF_RATIO: Record<string, string> = {
  '16:9': '1280x720',
  '9:16': '720x1280',
  '1:1': '720x720',
};

const prompt = z.string().trim().min(1, { error: 'is required' });
const count = z.coerce.number().int().min(1).max(10).default(1).describe('How many images; each is one call');

/** `POST /v1/images/generations`. Unknown OpenAI fields (`user`, `style`, ...) are accepted and ignored. */
export const OpenAIImageRequest = z.object({
  model: z.string().min(1).optional().describe('A catalogue image model; our default when left out'),
  prompt: prompt.describe('What the image should show'),
  n: count,
  size: z.enum(IMAGE_SIZES).default('auto').describe('Mapped to an aspect ratio (see the table)'),
  response_format: z.enum(['url', 'b64_json']).default('url'),
  quality: z
    .enum(['auto', 'standard', 'hd', 'low', 'medium', 'high'])
    .default('auto')
    .describe('Passed to a model that has a quality setting; ignored by the others'),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  /** As OpenAI's own `metadata` (string values): ours, Stripe's limits (metadata.ts). */
  ...metadataField,
});
export type OpenAIImageRequest = z.infer<typeof OpenAIImageRequest>;

/** `POST /v1/images/edits`: the multipart form's text fields (the files are `image` or `image[]`). */
export const OpenAIImageEditFields = OpenAIImageRequest.extend({
  /** A URL of an upload (or any public image) instead of a file part. */
  image_url: z.url().optional(),
});
export type OpenAIImageEditFields = z.infer<typeof OpenAIImageEditFields>;

export const OpenAIImageAnswer = z.object({
  created: z.number().int(),
  data: z.array(
    z.object({
      url: z.string().optional(),
      b64_json: z.string().optional(),
      revised_prompt: z.string().optional(),
    }),
  ),
});
export type OpenAIImageAnswer = z.infer<typeof OpenAIImageAnswer>;

export const OpenAIModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int().describe('Unix seconds'),
  owned_by: z.string(),
});
export type OpenAIModel = z.infer<typeof OpenAIModel>;
export const OpenAIModelList = z.object({ object: z.literal('list'), data: z.array(OpenAIModel) });
export const OpenAIModelParams = z.object({ model: z.string() });

/** `POST /v1/videos` (JSON or the multipart form OpenAI's libraries send). */
export const OpenAIVideoRequest = z.object({
  model: z.string().min(1).optional().describe('A catalogue video model; our default when left out'),
  prompt: prompt.describe('What the video should show'),
  seconds: z.coerce.string().optional().describe("Mapped to the model's nearest duration"),
  size: z.enum(VIDEO_SIZES).optional().describe('Landscape sizes are 16:9, portrait 9:16'),
  /** A URL of an upload (or any public image) to animate, instead of a file part. */
  input_reference_url: z.url().optional(),
  ...metadataField,
});
export type OpenAIVideoRequest = z.infer<typeof OpenAIVideoRequest>;

export const OpenAIVideo = z.object({
  id: z.string(),
  object: z.literal('video'),
  model: z.string(),
  status: z.enum(['queued', 'in_progress', 'completed', 'failed']),
  progress: z.number().int().min(0).max(100),
  created_at: z.number().int(),
  completed_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  prompt: z.string().nullable(),
  seconds: z.string(),
  size: z.string(),
  remixed_from_video_id: z.null(),
  metadata: MetadataAnswer,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type OpenAIVideo = z.infer<typeof OpenAIVideo>;
export const OpenAIVideoList = z.object({
  object: z.literal('list'),
  data: z.array(OpenAIVideo),
  has_more: z.boolean(),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
});
export const OpenAIVideoListQuery = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const OpenAIVideoParams = z.object({ video_id: z.string() });
export const OpenAIVideoContentQuery = z.object({
  variant: z.enum(['video', 'thumbnail', 'spritesheet']).default('video'),
});

/** OpenAI's error envelope: what its libraries read into their typed errors. */
export const OpenAIErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAIErrorBody = z.infer<typeof OpenAIErrorBody>;

/** The /v1 operations, for the OpenAPI document (the server registers exactly these). */
export interface OpenAIEndpoint {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  /** The paid service a call of it is (the request log's service). */
  service?: 'image' | 'video';
  body?: z.ZodType;
  /** A multipart form: the text fields' schema and the file fields. */
  multipart?: { fields: z.ZodObject; files: string[] };
  query?: z.ZodObject;
  response?: z.ZodType;
  /** A binary answer's media type. */
  binary?: string;
}

export const OPENAI_ENDPOINTS: readonly OpenAIEndpoint[] = [
  {
    id: 'openaiListModels',
    method: 'GET',
    path: '/v1/models',
    summary: 'Every enabled image and video model, as OpenAI lists models.',
    response: OpenAIModelList,
  },
  {
    id: 'openaiGetModel',
    method: 'GET',
    path: '/v1/models/{model}',
    summary: 'One model; 404 model_not_found when it is not in the catalogue or is off.',
    response: OpenAIModel,
  },
  {
    id: 'openaiGenerateImages',
    method: 'POST',
    path: '/v1/images/generations',
    summary: "Images from a prompt; each of the n images is one call at the model's price.",
    service: 'image',
    body: OpenAIImageRequest,
    response: OpenAIImageAnswer,
  },
  {
    id: 'openaiEditImages',
    method: 'POST',
    path: '/v1/images/edits',
    summary: 'Images edited from uploaded images (`image` or `image[]`) by a model that edits.',
    service: 'image',
    multipart: { fields: OpenAIImageEditFields, files: ['image', 'image[]'] },
    response: OpenAIImageAnswer,
  },
  {
    id: 'openaiCreateVideo',
    method: 'POST',
    path: '/v1/videos',
    summary: 'Starts a video job; poll it, then download /content.',
    service: 'video',
    multipart: { fields: OpenAIVideoRequest, files: ['input_reference'] },
    response: OpenAIVideo,
  },
  {
    id: 'openaiListVideos',
    method: 'GET',
    path: '/v1/videos',
    summary: "The key's workspace's video jobs, newest first.",
    query: OpenAIVideoListQuery,
    response: OpenAIVideoList,
  },
  {
    id: 'openaiGetVideo',
    method: 'GET',
    path: '/v1/videos/{video_id}',
    summary: 'One video job.',
    response: OpenAIVideo,
  },
  {
    id: 'openaiGetVideoContent',
    method: 'GET',
    path: '/v1/videos/{video_id}/content',
    summary: 'The MP4 of a completed video job.',
    query: OpenAIVideoContentQuery,
    binary: 'video/mp4',
  },
];
