import pino, { type Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { createApifyLinkedinScraper } from './apify-linkedin.ts';
import {
  type Engine,
  UpstreamAnswerLost,
  UpstreamCreateLost,
  UpstreamPaced,
  UpstreamRejected,
  UpstreamUnavailable,
} from './engine.ts';
import {
  customerSafeReason,
  jobsApiState,
  type KieBodyOptions,
  kieCreateRequest,
  kieJobsModel,
  veoState,
} from './kie-bodies.ts';
import { kieCallbackUrl } from './kie-callback.ts';
import { asRecord, type Json, upstreamRequest } from './upstream-http.ts';
import type { UpstreamPace } from './upstream-pace.ts';

export { customerSafeReason, KIE_MODELS, kieCreateRequest } from './kie-bodies.ts';

const REQUEST_TIMEOUT_MS = 30_000;
/** kie.ai takes 20 new tasks per 10 s per account and drops the excess with 429. */
const RATE_LIMITED_RETRY_MS = 10_000;
/** kie's "record is null" right after a create means "not yet" for this long (KIE_NULL_RECORD_GRACE_S). */
const NULL_RECORD_GRACE_MS = 120_000;
const NULL_RECORD = /\brecord(?:info)? is null\b/i;
/** kie's 404 at a poll for a task it has no trace of. */
const TASK_NOT_FOUND = /\b(?:task|record)\b.*\bnot (?:found|exist)|\bno such task\b/i;
const MAINTENANCE_RETRY_MS = 60_000;
const ACCOUNT_PROBLEM_RETRY_MS = 60_000;

export interface KieEngineOptions {
  log?: Logger;
  /** Timeout of every single kie.ai request. */
  requestTimeoutMs?: number;
  /** How long to wait before the next attempt when kie.ai gives no Retry-After. */
  retryDelaysMs?: { rateLimited?: number; maintenance?: number; accountProblem?: number };
  /** Timeout of one LinkedIn run on Apify. */
  linkedinTimeoutMs?: number;
  /** Paces creates to kie's rate across every process (engines/upstream-pace.ts); none in unit tests. */
  pace?: UpstreamPace;
  /** Paces record-info polls the same way (kie: 10 a second per key). */
  pollPace?: UpstreamPace;
}

type KieConfig = Pick<Config, 'KIE_API_KEY' | 'KIE_BASE_URL' | 'APIFY_TOKEN' | 'APIFY_BASE_URL'> &
  Partial<
    Pick<Config, 'KIE_WEBHOOK_HMAC_KEY' | 'PUBLIC_URL' | 'KIE_NSFW_CHECKER' | 'KIE_NULL_RECORD_GRACE_S'>
  >;

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
  const hmacKey = config.KIE_WEBHOOK_HMAC_KEY;
  const publicUrl = config.PUBLIC_URL;
  // Each create names our task in its callback URL: a create whose answer is lost is found by it.
  const callBackUrlOf = (taskId: string) =>
    hmacKey && publicUrl ? kieCallbackUrl(publicUrl, hmacKey, taskId) : undefined;
  const bodyOptions: KieBodyOptions = { nsfwChecker: config.KIE_NSFW_CHECKER ?? true };
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
      // A 2xx we cannot read: the upstream did something we could not see.
      throw new UpstreamAnswerLost(`kie.ai ${route} answered an unreadable body`);
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
    if (code === 404 && TASK_NOT_FOUND.test(message ?? '')) {
      // kie does not know the task: it runs and bills nothing, and will not appear by waiting.
      log.warn({ upstream: 'kie', code }, 'kie.ai does not know a task we polled');
      return {
        state: 'failed',
        reason: 'The generation was not found upstream',
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
    async startJob(input, { taskId: ourTaskId }) {
      const callBackUrl = callBackUrlOf(ourTaskId);
      const { path, body } = kieCreateRequest(input, { ...bodyOptions, callBackUrl });
      const slot = await options.pace?.take();
      if (slot && !slot.isAllowed) {
        throw new UpstreamPaced(`kie.ai create pace reached (${path})`, slot.waitMs);
      }
      // kie has no idempotency key: a create whose answer is lost may run and bill. It is never
      // sent again nor failed over; its callback (which names our task) recovers it.
      const lost = (detail: string) => new UpstreamCreateLost(detail, callBackUrl !== undefined);
      let reply: Awaited<ReturnType<typeof request>>;
      try {
        reply = await request('POST', path, body);
      } catch (error) {
        throw error instanceof UpstreamAnswerLost ? lost(error.message) : error;
      }
      if (reply.code >= 500 && reply.code < 600 && reply.code !== 501 && reply.code !== 505) {
        throw lost(`kie.ai ${reply.route} answered ${reply.code}`);
      }
      if (reply.code !== 200) throw failure(reply.code, reply.message, reply.route, reply.retryAfterMs);
      const taskId = asRecord(reply.data)?.taskId;
      if (typeof taskId !== 'string' || taskId === '') {
        throw lost(`kie.ai ${path} accepted the task without a task id`);
      }
      return { upstreamId: taskId, callsBack: callBackUrl !== undefined };
    },
    async pollJob(service, upstreamId, _channel, startedAt, model) {
      // Veo has its own record endpoint; every other model (the catalogue's too) is a jobs API task.
      const isVeo = service === 'video' && !kieJobsModel('video', { model });
      const path = isVeo ? '/api/v1/veo/record-info' : '/api/v1/jobs/recordInfo';
      const slot = await options.pollPace?.take();
      if (slot && !slot.isAllowed) throw new UpstreamPaced(`kie.ai poll pace reached (${path})`, slot.waitMs);
      const reply = await request('GET', `${path}?taskId=${encodeURIComponent(upstreamId)}`);
      if (reply.code !== 200) {
        const answer = pollAnswer(reply.code, reply.message, startedAt);
        if (answer) return answer;
        throw failure(reply.code, reply.message, reply.route, reply.retryAfterMs);
      }
      const data = asRecord(reply.data);
      if (!data) throw new UpstreamUnavailable(`kie.ai ${path} answered without data`);
      return isVeo ? veoState(data, secrets) : jobsApiState(data, service, secrets);
    },
    scrapeLinkedin: (request, { signal, chargedCredits }) => scrape(request, signal, chargedCredits),
    async upstreamBalance() {
      const data = await call('GET', '/api/v1/chat/credit');
      const balance = typeof data === 'number' || typeof data === 'string' ? Number(data) : Number.NaN;
      if (data === '' || !Number.isFinite(balance))
        throw new UpstreamUnavailable('kie.ai credit answered no number');
      return balance;
    },
  };
}
