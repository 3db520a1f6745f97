import type { ImageRequest, SoraRequest, VideoRequest } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { UpstreamPace } from '../channels/upstream-pace.ts';
import { createApifyLinkedinScraper } from './apify-linkedin.ts';
import {
  type Engine,
  type JobState,
  type MediaInput,
  type MediaService,
  type ResultFile,
  UpstreamPaced,
  UpstreamRejected,
  UpstreamUnavailable,
} from './engine.ts';
import { KIE_CALLBACK_PATH } from './kie-callback.ts';
import { asRecord, type Json, upstreamRequest } from './upstream-http.ts';

/** kie.ai model ids, pinned: moving to a new upstream model is a decision, not a surprise. */
export const KIE_MODELS = {
  image: 'google/nano-banana',
  imageEdit: 'google/nano-banana-edit',
  sora: 'sora-watermark-remover',
  video: { standard: 'veo3', fast: 'veo3_fast' },
} as const;

const REQUEST_TIMEOUT_MS = 30_000;
/** kie.ai takes 20 new tasks per 10 s per account and drops the excess with 429. */
const RATE_LIMITED_RETRY_MS = 10_000;
/** kie's "record is null" right after a create means "not yet" for this long (KIE_NULL_RECORD_GRACE_S). */
const NULL_RECORD_GRACE_MS = 120_000;
const NULL_RECORD = /\brecord(?:info)? is null\b/i;
const MAINTENANCE_RETRY_MS = 60_000;
const ACCOUNT_PROBLEM_RETRY_MS = 60_000;
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

export interface KieEngineOptions {
  log?: Logger;
  /** Timeout of every single kie.ai request. */
  requestTimeoutMs?: number;
  /** How long to wait before the next attempt when kie.ai gives no Retry-After. */
  retryDelaysMs?: { rateLimited?: number; maintenance?: number; accountProblem?: number };
  /** Timeout of one LinkedIn run on Apify. */
  linkedinTimeoutMs?: number;
  /** Paces creates to kie's rate across every process (channels/upstream-pace.ts); none in unit tests. */
  pace?: UpstreamPace;
}

type KieConfig = Pick<Config, 'KIE_API_KEY' | 'KIE_BASE_URL' | 'APIFY_TOKEN' | 'APIFY_BASE_URL'> &
  Partial<
    Pick<Config, 'KIE_WEBHOOK_HMAC_KEY' | 'PUBLIC_URL' | 'KIE_NSFW_CHECKER' | 'KIE_NULL_RECORD_GRACE_S'>
  >;

/** What the create bodies depend on besides the request. */
export interface KieBodyOptions {
  callBackUrl?: string;
  /** kie's content filter on image results; on unless the operator turns it off. */
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

function kieCreateBody(input: MediaInput, nsfwChecker: boolean): { path: string; body: Json } {
  if (input.service === 'image') {
    const request: ImageRequest = input.request;
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
          aspect_ratio: request.image_size ?? '1:1',
          nsfw_checker: nsfwChecker,
        },
      },
    };
  }
  if (input.service === 'video') {
    const request: VideoRequest = input.request;
    return {
      path: '/api/v1/veo/generate',
      body: {
        prompt: request.prompt,
        ...(request.imageUrls?.length && { imageUrls: request.imageUrls }),
        model: KIE_MODELS.video[request.model ?? 'fast'],
        aspectRatio: request.aspectRatio ?? '16:9',
        ...(request.seeds !== undefined && { seeds: request.seeds }),
        enableFallback: request.enableFallback ?? false,
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
function jobsApiState(data: Json, service: MediaService, secrets: string[]): JobState {
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
    return urlFiles(asRecord(result)?.resultUrls, service === 'sora' ? 'video/mp4' : undefined);
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

/** `GET /api/v1/veo/record-info`: successFlag 0 generating, 1 done, 2 and 3 failed. */
function veoState(data: Json, secrets: string[]): JobState {
  const flag = Number(data.successFlag);
  if (flag === 1) return urlFiles(asRecord(data.response)?.resultUrls, 'video/mp4');
  if (flag === 2 || flag === 3) {
    return {
      state: 'failed',
      reason: customerSafeReason(data.errorMessage, 'The video generation failed upstream', secrets),
      upstreamBilled: false,
    };
  }
  return { state: 'pending', detail: 'generating' };
}

/** The kie.ai production engine: media jobs on kie.ai, LinkedIn on Apify. */
export function createKieEngine(config: KieConfig, options: KieEngineOptions = {}): Engine {
  const apiKey = config.KIE_API_KEY;
  if (!apiKey) throw new Error('KIE_API_KEY is required by the kie engine');
  const baseUrl = config.KIE_BASE_URL.replace(/\/+$/, '');
  const log = options.log ?? pino({ level: 'silent' });
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const delays = {
    rateLimited: options.retryDelaysMs?.rateLimited ?? RATE_LIMITED_RETRY_MS,
    maintenance: options.retryDelaysMs?.maintenance ?? MAINTENANCE_RETRY_MS,
    accountProblem: options.retryDelaysMs?.accountProblem ?? ACCOUNT_PROBLEM_RETRY_MS,
  };
  const secrets = [apiKey];
  const callBackUrl =
    config.KIE_WEBHOOK_HMAC_KEY && config.PUBLIC_URL ? `${config.PUBLIC_URL}${KIE_CALLBACK_PATH}` : undefined;
  const bodyOptions: KieBodyOptions = { callBackUrl, nsfwChecker: config.KIE_NSFW_CHECKER ?? true };
  const nullRecordGraceMs = (config.KIE_NULL_RECORD_GRACE_S ?? NULL_RECORD_GRACE_MS / 1000) * 1000;
  const scrape = createApifyLinkedinScraper(config, { log, timeoutMs: options.linkedinTimeoutMs });

  /** Maps an upstream code (HTTP status or body `code`) onto retry-later or rejected. */
  const failure = (code: number, message: string | undefined, path: string, retryAfterMs?: number) => {
    const quoted = message?.split(apiKey).join('[key]');
    const detail = `kie.ai ${path} answered ${code}${quoted ? `: ${quoted}` : ''}`;
    // Dropped, not queued: the same create is sent again once a slot frees, never elsewhere.
    if (code === 429) return new UpstreamPaced(detail, retryAfterMs ?? delays.rateLimited);
    if (code === 455) return new UpstreamUnavailable(detail, retryAfterMs ?? delays.maintenance);
    if (code === 400 || code === 422 || code === 501) {
      return new UpstreamRejected(customerSafeReason(message, 'The request was rejected upstream', secrets));
    }
    if ([401, 402, 403, 404, 433, 505].includes(code)) {
      // Our key, our balance (402), a sub-key over its limit (433) or our integration (505): the
      // operator must act; the customer's task waits and retries.
      log.error({ upstream: 'kie', path, code, upstreamMessage: quoted }, 'kie.ai refused our account');
      return new UpstreamUnavailable(detail, retryAfterMs ?? delays.accountProblem);
    }
    return new UpstreamUnavailable(detail, retryAfterMs);
  };

  /** One kie.ai request: its code (the body's, else the HTTP status), message and data. */
  const request = async (method: 'GET' | 'POST', path: string, body?: Json) => {
    const route = path.split('?')[0] ?? path;
    const reply = await upstreamRequest(
      `${baseUrl}${path}`,
      { method, headers: { authorization: `Bearer ${apiKey}` }, ...(body && { body }) },
      timeoutMs,
      `kie.ai ${route}`,
    );
    // Every kie API we use says `msg`; a few older ones said `message`: either is read.
    const message = [reply.body?.msg, reply.body?.message].find((m): m is string => typeof m === 'string');
    const bodyCode = Number(reply.body?.code);
    if (reply.ok && (!reply.body || !Number.isInteger(bodyCode))) {
      throw new UpstreamUnavailable(`kie.ai ${route} answered an unreadable body`);
    }
    const code = reply.ok ? bodyCode : reply.status;
    return { route, code, message, data: reply.body?.data, retryAfterMs: reply.retryAfterMs };
  };

  /** One kie.ai call: answers `data` when `code` is 200, throws a typed upstream error otherwise. */
  const call = async (method: 'GET' | 'POST', path: string, body?: Json): Promise<unknown> => {
    const { route, code, message, data, retryAfterMs } = await request(method, path, body);
    if (code !== 200) throw failure(code, message, route, retryAfterMs);
    return data;
  };

  /** The record-info answers that end a poll without data (docs/upstreams.md, "kie.ai: common rules"). */
  const pollAnswer = (code: number, message: string | undefined, startedAt?: Date | null) => {
    if ((code === 422 || code === 404) && NULL_RECORD.test(message ?? '')) {
      // kie has not written the task's record yet: "not yet" for a bounded time after the create.
      // A task started before its start was recorded has only its deadline to bound the wait.
      const sinceMs = startedAt ? Date.now() - startedAt.getTime() : 0;
      if (sinceMs < nullRecordGraceMs) return { state: 'pending', detail: 'no record yet' } as const;
      log.warn({ upstream: 'kie', sinceMs }, 'kie.ai never recorded a task it accepted');
      return {
        state: 'failed',
        reason: 'The generation never started upstream',
        upstreamBilled: false,
      } as const;
    }
    if (code === 451) {
      // Veo could not download the input image: retrying cannot help.
      return {
        state: 'failed',
        reason: customerSafeReason(message, 'An input image could not be fetched', secrets),
        upstreamBilled: false,
      } as const;
    }
    if (code === 408) {
      return { state: 'failed', reason: 'The generation timed out upstream' } as const;
    }
    return undefined;
  };

  return {
    name: 'kie',
    isDevelopmentEngine: false,
    async startJob(input) {
      const { path, body } = kieCreateRequest(input, bodyOptions);
      const slot = await options.pace?.take();
      if (slot && !slot.isAllowed) {
        throw new UpstreamPaced(`kie.ai create pace reached (${path})`, slot.waitMs);
      }
      const taskId = asRecord(await call('POST', path, body))?.taskId;
      if (typeof taskId !== 'string' || taskId === '') {
        throw new UpstreamUnavailable(`kie.ai ${path} accepted the task without a task id`);
      }
      return { upstreamId: taskId, callsBack: callBackUrl !== undefined };
    },
    async pollJob(service, upstreamId, _channel, startedAt) {
      const path = service === 'video' ? '/api/v1/veo/record-info' : '/api/v1/jobs/recordInfo';
      const reply = await request('GET', `${path}?taskId=${encodeURIComponent(upstreamId)}`);
      if (reply.code !== 200) {
        const answer = pollAnswer(reply.code, reply.message, startedAt);
        if (answer) return answer;
        throw failure(reply.code, reply.message, reply.route, reply.retryAfterMs);
      }
      const data = asRecord(reply.data);
      if (!data) throw new UpstreamUnavailable(`kie.ai ${path} answered without data`);
      return service === 'video' ? veoState(data, secrets) : jobsApiState(data, service, secrets);
    },
    scrapeLinkedin: (request, { signal }) => scrape(request, signal),
    async upstreamBalance() {
      const data = await call('GET', '/api/v1/chat/credit');
      const balance = typeof data === 'number' || typeof data === 'string' ? Number(data) : Number.NaN;
      if (data === '' || !Number.isFinite(balance))
        throw new UpstreamUnavailable('kie.ai credit answered no number');
      return balance;
    },
  };
}
