import { z } from 'zod';
import { appPath } from './app-paths.ts';
import { MetadataAnswer } from './metadata.ts';
import { CallModel } from './model-usage.ts';
import { LinkedinPost, LinkedinProfile } from './provider.ts';
import { SERVICES, TASK_STATUSES } from './services.ts';

/**
 * One of the signed-in user's calls, as its page in the app shows it (`/app/calls/:taskId`): the
 * cookie API's `GET /api/calls/:taskId`. Another account's call answers 404, like an unknown id.
 */
export const callDetailPath = (taskId: string) => appPath('callDetail', { taskId });

export const CallDetailParams = z.object({ taskId: z.string().min(1).max(100) });
export type CallDetailParams = z.infer<typeof CallDetailParams>;

/** What a call produced: files for the media services, the profile and posts for LinkedIn. */
export const CallResult = z.object({
  resultUrls: z.array(z.string()).optional(),
  videoUrls: z.array(z.string()).optional(),
  profile: LinkedinProfile.optional(),
  posts: z.array(LinkedinPost).optional(),
  pagination_token: z.string().nullable().optional(),
});
export type CallResult = z.infer<typeof CallResult>;

export const CallKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's prefix and last characters only: the page never carries the secret. */
  maskedValue: z.string(),
  isDeleted: z.boolean(),
});
export type CallKey = z.infer<typeof CallKey>;

export const CallDetail = z.object({
  taskId: z.string(),
  service: z.enum(SERVICES),
  status: z.enum(TASK_STATUSES),
  /** The catalogue model the call ran (its body's, else the service's default); null for Sora and LinkedIn. */
  model: CallModel.nullable(),
  /** The body the call was made with, as the API kept it after validation (defaults filled in). */
  request: z.record(z.string(), z.unknown()),
  key: CallKey,
  /** Accepted and charged; the task is processing from this moment. */
  createdAt: z.iso.datetime(),
  /** When it completed or failed; null while processing. */
  completedAt: z.iso.datetime().nullable(),
  durationMs: z.number().int().nullable(),
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  /** Why a failed call failed. */
  error: z.string().nullable(),
  /** Null until the call completes. */
  result: CallResult.nullable(),
  /** Every file the call produced (images, videos); empty for LinkedIn and unfinished calls. */
  resultUrls: z.array(z.string()),
  /** When those files are deleted (their URLs answer 410 from then on); null without files. */
  expiresAt: z.iso.datetime().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  engine: z.object({ name: z.string(), isDevelopmentEngine: z.boolean() }),
  /** The call's metadata (docs/product.md, "Metadata"); {} when it sent none. */
  metadata: MetadataAnswer,
});
export type CallDetail = z.infer<typeof CallDetail>;

export const CALL_TEXTS = {
  notFound: 'Call not found',
  loadFailed: 'Failed to load this call',
} as const;
