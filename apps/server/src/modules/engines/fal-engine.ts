import { modelOfBody } from '@conduit/contracts';
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

/**
 * fal.ai model ids, pinned like kie's (docs/upstreams.md, "fal.ai: queue API"). Veo 3.1, as kie
 * serves: the `fal-ai/veo3*` ids left the official client's endpoint list.
 */
export const FAL_MODELS = {
  image: 'fal-ai/nano-banana',
  imageEdit: 'fal-ai/nano-banana/edit',
  video: { standard: 'fal-ai/veo3.1', fast: 'fal-ai/veo3.1/fast' },
  videoFromImage: { standard: 'fal-ai/veo3.1/image-to-video', fast: 'fal-ai/veo3.1/fast/image-to-video' },
} as const;

/**
 * Whether fal can serve the request as asked (a failover must not quietly drop a field): fal has no
 * watermark text, no prompt translation and no last frame, and its nano-banana text-to-image has no
 * `auto` aspect ratio. Sora is not on fal at all.
 */
export function falHonours(input: MediaInput): boolean {
  // Failover serves the same model or nothing: only the catalogue models with a fal endpoint.
  if (input.service === 'sora' || !modelOfBody(input.service, input.request)?.fal) return false;
  if (input.service === 'image') {
    return (input.request.image_urls?.length ?? 0) > 0 || input.request.image_size !== 'auto';
  }
  if (input.service === 'video') {
    const request = input.request;
    return !request.watermark && request.enableTranslation === false && (request.imageUrls?.length ?? 0) <= 1;
  }
  return false;
}

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
    const request = input.request;
    const imageUrls = request.image_urls ?? [];
    if (!falHonours(input)) throw new UpstreamRejected('This request cannot be served on fal.ai');
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
    const request = input.request;
    if (!falHonours(input)) throw new UpstreamRejected('This request cannot be served on fal.ai');
    const imageUrl = request.imageUrls?.[0];
    const model = request.model === 'standard' ? 'standard' : 'fast';
    const aspectRatio = request.aspectRatio ?? '16:9';
    return {
      model: imageUrl ? FAL_MODELS.videoFromImage[model] : FAL_MODELS.video[model],
      body: {
        prompt: request.prompt,
        ...(imageUrl && { image_url: imageUrl }),
        // Text-to-video takes 16:9 or 9:16 only; image-to-video also `auto`, fal's default there.
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
      // fal promises only that 5xx answers are free [F4]: a 422 may be billed.
      throw new UpstreamRejected(customerSafeReason(message, 'The request was rejected upstream', secrets), {
        possiblyBilled: reply.status === 422,
      });
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

  /**
   * The result of a COMPLETED request, fetched at once: fal keeps it an hour (6 minutes from
   * 10 KB), and a failed request shows its error here, not in the status. A miss that may pass
   * (a timeout, a gateway's page, 429) is looked at again within a second.
   */
  const fetchResult = async (responseUrl: string): Promise<JobState> => {
    const reply = await upstreamRequest(
      responseUrl,
      { method: 'GET', headers: { authorization: `Key ${key}` } },
      timeoutMs,
      'fal.ai result',
    ).catch((error: unknown) => {
      throw new UpstreamUnavailable(error instanceof Error ? error.message : 'fal.ai result failed', 1_000);
    });
    if (reply.ok) return resultState(reply.body);
    const message = detailOf(reply.body)?.split(key).join('[key]');
    const detail = `fal.ai result answered ${reply.status}${message ? `: ${message}` : ''}`;
    if (reply.status === 404) {
      log.error({ upstream: 'fal', status: 404 }, 'fal.ai result expired or missing after completion');
      return { state: 'failed', reason: 'The result was no longer available upstream' };
    }
    if (reply.status === 401 || reply.status === 403) {
      log.error({ upstream: 'fal', status: reply.status }, 'fal.ai refused our account');
      throw new UpstreamUnavailable(detail, ACCOUNT_PROBLEM_RETRY_MS);
    }
    if (reply.status === 429 || message === undefined) throw new UpstreamUnavailable(detail, 1_000);
    // The model's own error, answered as the result: final. fal does not bill 5xx answers.
    return {
      state: 'failed',
      reason: customerSafeReason(message, 'The generation failed upstream', secrets),
      ...(reply.status >= 500 && { upstreamBilled: false }),
    };
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
          upstreamBilled: false,
        };
      }
      return fetchResult(upstreamId);
    },
  };
}
