import type { ImageRequest, VideoRequest } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import {
  type Engine,
  type JobState,
  type MediaInput,
  UpstreamRejected,
  UpstreamUnavailable,
} from './engine.ts';
import { customerSafeReason } from './kie-engine.ts';
import { asRecord, type Json, upstreamRequest } from './upstream-http.ts';

/** fal.ai model ids, pinned like kie's (docs/upstreams.md, "fal.ai: queue API"). */
export const FAL_MODELS = {
  image: 'fal-ai/nano-banana',
  imageEdit: 'fal-ai/nano-banana/edit',
  video: { standard: 'fal-ai/veo3', fast: 'fal-ai/veo3/fast' },
  videoFromImage: { standard: 'fal-ai/veo3/image-to-video', fast: 'fal-ai/veo3/fast/image-to-video' },
} as const;

const REQUEST_TIMEOUT_MS = 30_000;
const RATE_LIMITED_RETRY_MS = 10_000;
const ACCOUNT_PROBLEM_RETRY_MS = 60_000;

export interface FalEngineOptions {
  log?: Logger;
  requestTimeoutMs?: number;
}

type FalConfig = { FAL_KEY: string; FAL_BASE_URL: string };
export type FalEngine = Pick<Engine, 'startJob' | 'pollJob' | 'cancelJob'>;

/** The submit call of a service: the model's path and its input (docs/upstreams.md). */
export function falSubmitRequest(input: MediaInput): { model: string; body: Json } {
  if (input.service === 'image') {
    const request: ImageRequest = input.request;
    const imageUrls = request.image_urls ?? [];
    return {
      model: imageUrls.length > 0 ? FAL_MODELS.imageEdit : FAL_MODELS.image,
      body: {
        prompt: request.prompt,
        ...(imageUrls.length > 0 && { image_urls: imageUrls }),
        num_images: 1,
        output_format: request.output_format ?? 'png',
        aspect_ratio: request.image_size ?? '1:1',
      },
    };
  }
  if (input.service === 'video') {
    const request: VideoRequest = input.request;
    const imageUrl = request.imageUrls?.[0];
    const model = request.model ?? 'fast';
    const aspectRatio = request.aspectRatio ?? '16:9';
    return {
      model: imageUrl ? FAL_MODELS.videoFromImage[model] : FAL_MODELS.video[model],
      body: {
        prompt: request.prompt,
        ...(imageUrl && { image_url: imageUrl }),
        ...(aspectRatio !== 'Auto' && { aspect_ratio: aspectRatio }),
        ...(request.seeds !== undefined && { seed: request.seeds }),
      },
    };
  }
  throw new UpstreamRejected('This service is not offered on fal.ai');
}

/** fal's `detail` is a text or a list of `{ msg }` (validation errors). */
function detailOf(body: Json | undefined): string | undefined {
  const detail = body?.detail ?? body?.error;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => asRecord(item)?.msg)
      .filter((msg): msg is string => typeof msg === 'string')
      .join('; ');
  }
  return undefined;
}

/** The result of a finished request: `images[].url` (image models) or `video.url` (video models). */
function resultState(body: Json | undefined): JobState {
  const images = Array.isArray(body?.images) ? body.images : [];
  const video = asRecord(body?.video);
  const files = [...images, ...(video ? [video] : [])]
    .map((file) => asRecord(file))
    .filter((file) => typeof file?.url === 'string' && /^https?:\/\//i.test(file.url as string))
    .map((file) => ({
      kind: 'url' as const,
      url: file?.url as string,
      ...(typeof file?.content_type === 'string' && { contentType: file.content_type }),
    }));
  if (files.length === 0) return { state: 'failed', reason: 'The generation finished without a result' };
  return { state: 'succeeded', files };
}

/** The fal.ai queue API (submit, status, result) for image and video generation. */
export function createFalEngine(config: FalConfig, options: FalEngineOptions = {}): FalEngine {
  const key = config.FAL_KEY;
  const baseUrl = config.FAL_BASE_URL.replace(/\/+$/, '');
  const log = options.log ?? pino({ level: 'silent' });
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const secrets = [key];

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, label: string, body?: Json) => {
    const reply = await upstreamRequest(
      url,
      { method, headers: { authorization: `Key ${key}` }, ...(body && { body }) },
      timeoutMs,
      `fal.ai ${label}`,
    );
    if (reply.ok) return reply;
    const message = detailOf(reply.body)?.split(key).join('[key]');
    const detail = `fal.ai ${label} answered ${reply.status}${message ? `: ${message}` : ''}`;
    if (reply.status === 400 || reply.status === 422) {
      throw new UpstreamRejected(customerSafeReason(message, 'The request was rejected upstream', secrets));
    }
    if (reply.status === 429)
      throw new UpstreamUnavailable(detail, reply.retryAfterMs ?? RATE_LIMITED_RETRY_MS);
    if (reply.status === 401 || reply.status === 403 || reply.status === 404) {
      log.error(
        { upstream: 'fal', label, status: reply.status, upstreamMessage: message },
        'fal.ai refused our account',
      );
      throw new UpstreamUnavailable(detail, reply.retryAfterMs ?? ACCOUNT_PROBLEM_RETRY_MS);
    }
    throw new UpstreamUnavailable(detail, reply.retryAfterMs);
  };

  return {
    async startJob(input) {
      const { model, body } = falSubmitRequest(input);
      const { body: reply } = await call('POST', `${baseUrl}/${model}`, 'submit', body);
      const responseUrl = reply?.response_url;
      // Our key goes to this URL on every poll: it must be on the configured queue host.
      if (typeof responseUrl !== 'string' || !responseUrl.startsWith(`${baseUrl}/`)) {
        throw new UpstreamUnavailable('fal.ai submit answered without a usable response_url');
      }
      return { upstreamId: responseUrl };
    },
    /**
     * PUT {response_url}/cancel (docs/upstreams.md, "fal.ai: queue API"): a queued request is
     * removed, a running one is signalled; 400 ALREADY_COMPLETED and 404 NOT_FOUND mean too late.
     */
    async cancelJob(_service, upstreamId) {
      if (!upstreamId.startsWith(`${baseUrl}/`)) return 'finished';
      const reply = await upstreamRequest(
        `${upstreamId}/cancel`,
        { method: 'PUT', headers: { authorization: `Key ${key}` } },
        timeoutMs,
        'fal.ai cancel',
      );
      if (reply.ok) return 'requested';
      if (reply.status === 400 || reply.status === 404) return 'finished';
      throw new UpstreamUnavailable(`fal.ai cancel answered ${reply.status}`, reply.retryAfterMs);
    },
    async pollJob(_service, upstreamId) {
      if (!upstreamId.startsWith(`${baseUrl}/`)) return { state: 'failed', reason: 'Unknown job' };
      const { body: status } = await call('GET', `${upstreamId}/status`, 'status');
      const state = status?.status;
      if (state === 'IN_QUEUE' || state === 'IN_PROGRESS') return { state: 'pending', detail: state };
      if (state !== 'COMPLETED') throw new UpstreamUnavailable('fal.ai status answered an unknown state');
      if (status?.error) {
        return {
          state: 'failed',
          reason: customerSafeReason(detailOf(status), 'The generation failed upstream', secrets),
        };
      }
      try {
        return resultState((await call('GET', upstreamId, 'result')).body);
      } catch (error) {
        // A finished request whose result is refused (moderation, invalid input) failed for good.
        if (error instanceof UpstreamRejected) return { state: 'failed', reason: error.message };
        throw error;
      }
    },
  };
}
