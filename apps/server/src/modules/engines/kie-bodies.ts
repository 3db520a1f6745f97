import { type ModelDefinition, type ModelId, modelOfBody, type SoraRequest } from '@conduit/contracts';
import type { JobState, MediaInput, MediaService, ResultFile } from './engine.ts';
import { asRecord, type Json } from './upstream-http.ts';

/*
 * What the kie engine sends and how it reads kie's records (docs/upstreams.md, "kie.ai: video (Veo 3.1)"
 * and "kie.ai: image and Sora watermark removal (jobs API)"), apart from the HTTP around them.
 */

/** kie.ai model ids, pinned: moving to a new upstream model is a decision, not a surprise. */
export const KIE_MODELS = {
  image: 'google/nano-banana',
  imageEdit: 'google/nano-banana-edit',
  sora: 'sora-watermark-remover',
  video: { standard: 'veo3', fast: 'veo3_fast' },
} as const;

const REASON_MAX_LENGTH = 300;
const LINK = String.raw`\b[a-z][a-z0-9+.-]*:\/\/\S+`;
/** Task ids, file names, keys: 16+ word characters with a digit among them. */
const LONG_ID = String.raw`\b(?=[\w-]*\d)[\w-]{16,}\b`;
/** A parenthesised aside quoting a link or an id ("(task 3f2a..., see https://...)") goes whole. */
const ASIDE_WITH_REFERENCE = new RegExp(
  String.raw`\s*[([][^()[\]]*(?:${LINK}|${LONG_ID})[^()[\]]*[)\]]`,
  'gi',
);
const REFERENCE = new RegExp(`${LINK}|${LONG_ID}`, 'gi');

/** What the create bodies depend on besides the request. */
export interface KieBodyOptions {
  callBackUrl?: string;
  /** kie's content filter, sent to the models whose schema has `nsfw_checker`; on unless turned off. */
  nsfwChecker?: boolean;
}

/**
 * An upstream message made fit for a customer: links, long ids and our key removed, length
 * capped. Upstream texts quote their task ids and file URLs, which must never reach a customer.
 */
export function customerSafeReason(text: unknown, fallback: string, secrets: string[] = []): string {
  if (typeof text !== 'string') return fallback;
  let safe = text;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('');
  safe = safe
    .replace(ASIDE_WITH_REFERENCE, '')
    .replace(REFERENCE, '')
    .replace(/\s+([,.;:)])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,;:(-]+$/, '')
    .trim();
  if (safe.length < 3) return fallback;
  return safe.length > REASON_MAX_LENGTH ? `${safe.slice(0, REASON_MAX_LENGTH - 1)}…` : safe;
}

/**
 * The create call of each service, exactly as docs/upstreams.md describes it. `callBackUrl` only when
 * signed callbacks are configured; they wake our poll early, polling stays the source of truth.
 */
export function kieCreateRequest(
  input: MediaInput,
  options: KieBodyOptions = {},
): { path: string; body: Json } {
  const request = kieCreateBody(input, options.nsfwChecker ?? true);
  const { callBackUrl } = options;
  return callBackUrl ? { ...request, body: { ...request.body, callBackUrl } } : request;
}

type Fields = Record<string, unknown>;
const defined = (input: Fields): Json =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Json;

/**
 * The jobs API `input` of each catalogue model beyond the defaults, field for field as its page
 * documents it (docs/upstreams.md, "The model catalogue"). Durations are strings there ("5").
 */
const KIE_INPUTS: Partial<Record<ModelId, (request: Fields, nsfwChecker: boolean) => Json>> = {
  'nano-banana-pro': (r) =>
    defined({
      prompt: r.prompt,
      image_input: (r.image_urls as string[] | undefined)?.length ? r.image_urls : undefined,
      aspect_ratio: r.aspect_ratio,
      resolution: r.resolution,
      output_format: r.output_format,
    }),
  // Seedream 4.5, Seedance, Wan and Hailuo have kie's `nsfw_checker` (kie's default: off).
  'seedream-4.5': (r, nsfw) =>
    defined({ prompt: r.prompt, aspect_ratio: r.aspect_ratio, quality: r.quality, nsfw_checker: nsfw }),
  'gpt-image-1.5': (r) => defined({ prompt: r.prompt, aspect_ratio: r.aspect_ratio, quality: r.quality }),
  // Imagen 4 types its seed as a string, Imagen 4 Fast as an integer.
  imagen4: (r) => imagenInput(r, (seed) => String(seed)),
  'imagen4-fast': (r) => imagenInput(r, (seed) => seed),
  'kling-2.6': (r) =>
    defined({ prompt: r.prompt, sound: r.sound, aspect_ratio: r.aspect_ratio, duration: String(r.duration) }),
  'seedance-1-pro': (r, nsfw) =>
    defined({
      prompt: r.prompt,
      aspect_ratio: r.aspect_ratio,
      resolution: r.resolution,
      duration: String(r.duration),
      camera_fixed: r.camera_fixed,
      seed: r.seed,
      nsfw_checker: nsfw,
    }),
  'wan-2.6': (r, nsfw) =>
    defined({ prompt: r.prompt, duration: String(r.duration), resolution: r.resolution, nsfw_checker: nsfw }),
  'hailuo-02-pro': (r, nsfw) =>
    defined({ prompt: r.prompt, prompt_optimizer: r.prompt_optimizer, nsfw_checker: nsfw }),
};

function imagenInput(r: Fields, seedOf: (seed: unknown) => unknown): Json {
  return defined({
    prompt: r.prompt,
    negative_prompt: r.negative_prompt,
    aspect_ratio: r.aspect_ratio,
    seed: r.seed === undefined ? undefined : seedOf(r.seed),
  });
}

/** A catalogue model run on kie's jobs API, or undefined for the default models (nano-banana, Veo). */
export function kieJobsModel(service: MediaService, request: unknown): ModelDefinition | undefined {
  if (service === 'sora') return undefined;
  const model = modelOfBody(service, request);
  return model && KIE_INPUTS[model.id] ? model : undefined;
}

function kieCreateBody(input: MediaInput, nsfwChecker: boolean): { path: string; body: Json } {
  const catalogued = kieJobsModel(input.service, input.request);
  const toInput = catalogued && KIE_INPUTS[catalogued.id];
  if (catalogued && toInput) {
    return {
      path: '/api/v1/jobs/createTask',
      body: { model: catalogued.kie.model, input: toInput(input.request as Fields, nsfwChecker) },
    };
  }
  if (input.service === 'image') {
    const request = input.request;
    const imageUrls = request.image_urls ?? [];
    return {
      path: '/api/v1/jobs/createTask',
      body: {
        model: imageUrls.length > 0 ? KIE_MODELS.imageEdit : KIE_MODELS.image,
        input: {
          prompt: request.prompt,
          ...(imageUrls.length > 0 && { image_urls: imageUrls }),
          output_format: request.output_format ?? 'png',
          // `image_size` is deprecated in both models' schemas: our field maps onto `aspect_ratio`.
          // Nano Banana's schema has no `nsfw_checker`: none is sent.
          aspect_ratio: request.image_size ?? '1:1',
        },
      },
    };
  }
  if (input.service === 'video') {
    const request = input.request;
    return {
      path: '/api/v1/veo/generate',
      body: {
        prompt: request.prompt,
        ...(request.imageUrls?.length && { imageUrls: request.imageUrls }),
        model: KIE_MODELS.video[request.model === 'standard' ? 'standard' : 'fast'],
        aspectRatio: request.aspectRatio ?? '16:9',
        // Only kie's documented fields: `enableFallback` is deprecated ("remove it from requests")
        // and `seeds` is no longer in the field list; both stay accepted from customers, unsent.
        enableTranslation: request.enableTranslation ?? true,
        ...(request.watermark && { watermark: request.watermark }),
      },
    };
  }
  const request: SoraRequest = input.request;
  return {
    path: '/api/v1/jobs/createTask',
    body: { model: KIE_MODELS.sora, input: { video_url: request.video_url, upload_method: 's3' } },
  };
}

function urlFiles(urls: unknown, contentType?: string): JobState {
  const files: ResultFile[] = (Array.isArray(urls) ? urls : [])
    .filter((url): url is string => typeof url === 'string' && /^https?:\/\//i.test(url))
    .map((url) => ({ kind: 'url', url, ...(contentType && { contentType }) }));
  if (files.length === 0) return { state: 'failed', reason: 'The generation finished without a result' };
  return { state: 'succeeded', files };
}

/** `GET /api/v1/jobs/recordInfo` (image, Sora): `resultJson` is a JSON string. */
export function jobsApiState(data: Json, service: MediaService, secrets: string[]): JobState {
  const state = data.state;
  if (state === 'success') {
    let result: unknown = data.resultJson;
    if (typeof result === 'string') {
      try {
        result = JSON.parse(result);
      } catch {
        result = undefined;
      }
    }
    return urlFiles(asRecord(result)?.resultUrls, service === 'image' ? undefined : 'video/mp4');
  }
  if (state === 'fail') {
    // kie bills results: a generation it reports failed is not charged to us.
    return {
      state: 'failed',
      reason: customerSafeReason(data.failMsg, 'The generation failed upstream', secrets),
      upstreamBilled: false,
    };
  }
  return { state: 'pending', ...(typeof state === 'string' && { detail: state }) };
}

/**
 * `GET /api/v1/veo/record-info`: successFlag 0 generating, 1 done, 2 and 3 failed; a failure with
 * errorCode 500 is kie's "internal error, please try again later" [K4]: a new create may succeed.
 */
export function veoState(data: Json, secrets: string[]): JobState {
  const flag = Number(data.successFlag);
  if (flag === 1) return urlFiles(asRecord(data.response)?.resultUrls, 'video/mp4');
  if (flag === 2 || flag === 3) {
    return {
      state: 'failed',
      reason: customerSafeReason(data.errorMessage, 'The video generation failed upstream', secrets),
      upstreamBilled: false,
      ...(Number(data.errorCode) === 500 && { retryable: true }),
    };
  }
  return { state: 'pending', detail: 'generating' };
}
