import {
  type ModelDefinition,
  OPENAI_VIDEO_SIZE_OF_RATIO,
  OPENAI_VIDEO_SIZE_RATIOS,
  type OpenAIVideo,
  type OpenAIVideoRequest,
} from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';
import type { TaskRow } from '../tasks/schema.ts';

/** Veo 3.1 (our default video models) makes 8-second clips. */
const VEO_SECONDS = 8;

const accepts = (model: ModelDefinition, field: string, value: unknown) =>
  model.request.shape[field]?.safeParse(value).success === true;

/** The durations a model takes, longest last (none: it has no duration setting). */
const durationsOf = (model: ModelDefinition) =>
  [4, 5, 6, 8, 10, 12, 15, 20].filter((seconds) => accepts(model, 'duration', seconds));

/**
 * OpenAI's video fields as the native body of our model: `size` becomes its aspect ratio
 * (landscape 16:9, portrait 9:16), `seconds` its nearest duration, an input reference its
 * image-to-video input.
 */
export function nativeVideoBody(
  model: ModelDefinition,
  fields: OpenAIVideoRequest,
  imageUrls: string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: model.id,
    prompt: fields.prompt,
    ...(fields.metadata && { metadata: fields.metadata }),
  };
  if (fields.size) {
    const ratio = OPENAI_VIDEO_SIZE_RATIOS[fields.size as keyof typeof OPENAI_VIDEO_SIZE_RATIOS];
    const field = ['aspectRatio', 'aspect_ratio'].find((name) => name in model.request.shape);
    if (field && !accepts(model, field, ratio)) {
      throw new ValidationFailed(`size: ${model.id} does not make ${fields.size} (${ratio})`, 'size');
    }
    if (field) body[field] = ratio;
  }
  if (fields.seconds !== undefined) {
    const wanted = Number(fields.seconds);
    if (!Number.isFinite(wanted) || wanted <= 0)
      throw new ValidationFailed('seconds: must be a number of seconds', 'seconds');
    const durations = durationsOf(model);
    const nearest = durations.reduce<number | undefined>(
      (best, candidate) =>
        best === undefined || Math.abs(candidate - wanted) < Math.abs(best - wanted) ? candidate : best,
      undefined,
    );
    if (nearest !== undefined) body.duration = nearest;
  }
  if (imageUrls.length) {
    if (!('imageUrls' in model.request.shape)) {
      throw new ValidationFailed(`input_reference: ${model.id} does not animate images`, 'input_reference');
    }
    body.imageUrls = imageUrls;
  }
  return body;
}

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** A video task in OpenAI's video job shape. */
export function openAIVideoOf(task: TaskRow, now: Date): OpenAIVideo {
  const request = task.request as Record<string, unknown>;
  const ratio = (request.aspectRatio ?? request.aspect_ratio ?? '16:9') as string;
  const status =
    task.status === 'completed'
      ? 'completed'
      : task.status === 'processing'
        ? task.upstreamStartedAt
          ? 'in_progress'
          : 'queued'
        : 'failed';
  // An estimate from the time the task has run of the time it may take.
  const total = task.deadlineAt.getTime() - task.createdAt.getTime();
  const progress =
    status === 'completed'
      ? 100
      : status === 'in_progress'
        ? Math.min(99, Math.floor(((now.getTime() - task.createdAt.getTime()) / total) * 100))
        : 0;
  return {
    id: task.id,
    object: 'video',
    model: task.model ?? 'fast',
    status,
    progress: Math.max(0, progress),
    created_at: unix(task.createdAt) as number,
    completed_at: unix(task.completedAt),
    expires_at: unix(task.resultsExpireAt),
    prompt: typeof request.prompt === 'string' ? request.prompt : null,
    seconds: String(request.duration ?? VEO_SECONDS),
    size: OPENAI_VIDEO_SIZE_OF_RATIO[ratio] ?? '1280x720',
    remixed_from_video_id: null,
    metadata: task.metadata ?? {},
    error:
      status === 'failed'
        ? {
            code: task.status === 'failed' ? 'generation_failed' : task.status,
            message: task.error ?? `The task was ${task.status}; its credits were refunded`,
          }
        : null,
  };
}
