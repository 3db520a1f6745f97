import pino, { type Logger } from 'pino';
import { type Config, kieAccountsOf } from '../../platform/config.ts';
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
  type KieAccount,
  type KieAccountStates,
  type KieAccountUse,
  memoryAccountStates,
  type PaceOf,
  paceFor,
  roundRobin,
  SET_ASIDE_CODES,
} from './kie-accounts.ts';
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
  /**
   * Paces creates to kie's rate across every process (engines/upstream-pace.ts): one pace, or each
   * account's own (kie's 20 per 10 s are per account); none in unit tests.
   */
  pace?: PaceOf;
  /** Paces record-info polls the same way (kie: 10 a second per key). */
  pollPace?: PaceOf;
  /** The creates each account's pace allows per window, for the admin Channels tab. */
  paceLimit?: number;
  /** Which accounts are set aside, shared by every process (channels/kie-account-store.ts); memory when absent. */
  accountStates?: KieAccountStates;
  /** Told once when an account is set aside (the admins are alerted). */
  onAccountSetAside?: (account: KieAccount, code: number, reason: string) => void;
}

type KieConfig = Pick<Config, 'KIE_BASE_URL' | 'APIFY_TOKEN' | 'APIFY_BASE_URL'> &
  Partial<
    Pick<
      Config,
      | 'KIE_API_KEY'
      | 'KIE_API_KEYS'
      | 'KIE_WEBHOOK_HMAC_KEY'
      | 'KIE_WEBHOOK_HMAC_KEYS'
      | 'PUBLIC_URL'
      | 'KIE_NSFW_CHECKER'
      | 'KIE_NULL_RECORD_GRACE_S'
    >
  >;

/** An account answered for itself, not for the request (401, 402, 433): set it aside, try another. */
class AccountRefused extends Error {
  readonly failure: UpstreamUnavailable;
  readonly code: number;
  constructor(failure: UpstreamUnavailable, code: number) {
    super(failure.message);
    this.failure = failure;
    this.code = code;
  }
}

/** The kie.ai production engine: media jobs on kie.ai, LinkedIn on Apify. */
export function createKieEngine(config: KieConfig, options: KieEngineOptions = {}): Engine {
  const accounts = kieAccountsOf(config);
  const firstAccount = accounts[0];
  if (!firstAccount) throw new Error('KIE_API_KEY (or KIE_API_KEYS) is required by the kie engine');
  const states = options.accountStates ?? memoryAccountStates();
  const nextOrder = roundRobin();
  const baseUrl = config.KIE_BASE_URL.replace(/\/+$/, '');
  const log = options.log ?? pino({ level: 'silent' });
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const delays = {
    rateLimited: options.retryDelaysMs?.rateLimited ?? RATE_LIMITED_RETRY_MS,
    maintenance: options.retryDelaysMs?.maintenance ?? MAINTENANCE_RETRY_MS,
    accountProblem: options.retryDelaysMs?.accountProblem ?? ACCOUNT_PROBLEM_RETRY_MS,
  };
  const secrets = accounts.flatMap((account) => [account.apiKey, account.webhookHmacKey ?? []].flat());
  const publicUrl = config.PUBLIC_URL;
  // Each create names our task in its callback URL: a create whose answer is lost is found by it.
  // A pool's URL names the account too: its callback is signed with that account's HMAC key.
  const callBackUrlOf = (taskId: string, account: KieAccount) =>
    account.webhookHmacKey && publicUrl
      ? kieCallbackUrl(
          publicUrl,
          account.webhookHmacKey,
          taskId,
          accounts.length > 1 ? account.id : undefined,
        )
      : undefined;
  const bodyOptions: KieBodyOptions = { nsfwChecker: config.KIE_NSFW_CHECKER ?? true };
  const nullRecordGraceMs = (config.KIE_NULL_RECORD_GRACE_S ?? NULL_RECORD_GRACE_MS / 1000) * 1000;
  const scrape = createApifyLinkedinScraper(config, { log, timeoutMs: options.linkedinTimeoutMs });

  /** Maps an upstream code (HTTP status or body `code`) onto retry-later or rejected. */
  const failure = (code: number, message: string | undefined, path: string, retryAfterMs?: number) => {
    const quoted = secrets.reduce((text, secret) => text?.split(secret).join('[key]'), message);
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
  const request = async (account: KieAccount, method: 'GET' | 'POST', path: string, body?: Json) => {
    const route = path.split('?')[0] ?? path;
    const reply = await upstreamRequest(
      `${baseUrl}${path}`,
      { method, headers: { authorization: `Bearer ${account.apiKey}` }, ...(body && { body }) },
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
  const call = async (account: KieAccount, method: 'GET' | 'POST', path: string): Promise<unknown> => {
    const { route, code, message, data, retryAfterMs } = await request(account, method, path);
    if (code !== 200) throw failure(code, message, route, retryAfterMs);
    return data;
  };

  /** Sets an account aside (once across processes: the first tells the admins). */
  const setAside = async (account: KieAccount, code: number, detail: string) => {
    const reason = `kie.ai account ${account.label} (${account.id}) answered ${code}: ${detail}`;
    const isFirst = await states.setAccountAside(account.id, code, reason).catch((error) => {
      log.error({ err: error, account: account.id }, 'could not set a kie.ai account aside');
      return false;
    });
    if (!isFirst) return;
    log.warn({ upstream: 'kie', account: account.id, code }, 'kie.ai account set aside');
    options.onAccountSetAside?.(account, code, reason);
  };

  /** The account that created a task: the first for tasks from before the pool (none recorded). */
  const accountOf = (id: string | null | undefined) => {
    const account = id ? accounts.find((candidate) => candidate.id === id) : firstAccount;
    if (!account) {
      throw new UpstreamUnavailable(
        `the kie.ai account ${id} that created the task is no longer configured`,
        delays.accountProblem,
      );
    }
    return account;
  };

  /** One create on one account: its job, or an error (AccountRefused: try another account). */
  const createOn = async (
    account: KieAccount,
    path: string,
    body: Json,
    callBackUrl: string | undefined,
  ): Promise<{ upstreamId: string; callsBack: boolean; upstreamAccount: string }> => {
    // kie has no idempotency key: a create whose answer is lost may run and bill. It is never
    // sent again nor failed over; its callback (which names our task) recovers it.
    const lost = (detail: string) => {
      const error = new UpstreamCreateLost(detail, callBackUrl !== undefined);
      error.account = account.id;
      return error;
    };
    let reply: Awaited<ReturnType<typeof request>>;
    try {
      reply = await request(account, 'POST', path, body);
    } catch (error) {
      throw error instanceof UpstreamAnswerLost ? lost(error.message) : error;
    }
    if (reply.code >= 500 && reply.code < 600 && reply.code !== 501 && reply.code !== 505) {
      throw lost(`kie.ai ${reply.route} answered ${reply.code}`);
    }
    if (reply.code !== 200) {
      const error = failure(reply.code, reply.message, reply.route, reply.retryAfterMs);
      if (SET_ASIDE_CODES.has(reply.code) && error instanceof UpstreamUnavailable) {
        throw new AccountRefused(error, reply.code);
      }
      throw error;
    }
    const taskId = asRecord(reply.data)?.taskId;
    if (typeof taskId !== 'string' || taskId === '') {
      throw lost(`kie.ai ${path} accepted the task without a task id`);
    }
    return { upstreamId: taskId, callsBack: callBackUrl !== undefined, upstreamAccount: account.id };
  };

  /** An account's credits (`GET /api/v1/chat/credit`). */
  const creditsOf = async (account: KieAccount) => {
    const data = await call(account, 'GET', '/api/v1/chat/credit');
    const balance = typeof data === 'number' || typeof data === 'string' ? Number(data) : Number.NaN;
    if (data === '' || !Number.isFinite(balance))
      throw new UpstreamUnavailable('kie.ai credit answered no number');
    return balance;
  };

  /** A poll that ends the task as failed at kie.ai, where it billed nothing. */
  const unbilledFailure = (reason: string) => ({ state: 'failed', reason, upstreamBilled: false }) as const;
  /** The record-info answers that end a poll without data (docs/upstreams.md, "kie.ai: common rules"). */
  const pollAnswer = (code: number, message: string | undefined, startedAt?: Date | null) => {
    if ((code === 422 || code === 404) && NULL_RECORD.test(message ?? '')) {
      // kie has not written the task's record yet: "not yet" for a bounded time after the create.
      // A task started before its start was recorded has only its deadline to bound the wait.
      const sinceMs = startedAt ? Date.now() - startedAt.getTime() : 0;
      if (sinceMs < nullRecordGraceMs) return { state: 'pending', detail: 'no record yet' } as const;
      log.warn({ upstream: 'kie', sinceMs }, 'kie.ai never recorded a task it accepted');
      return unbilledFailure('The generation never started upstream');
    }
    if (code === 404 && TASK_NOT_FOUND.test(message ?? '')) {
      // kie does not know the task: it runs and bills nothing, and will not appear by waiting.
      log.warn({ upstream: 'kie', code }, 'kie.ai does not know a task we polled');
      return unbilledFailure('The generation was not found upstream');
    }
    if (code === 451) {
      // Veo could not download the input image: retrying cannot help.
      return unbilledFailure(customerSafeReason(message, 'An input image could not be fetched', secrets));
    }
    if (code === 408) {
      return { state: 'failed', reason: 'The generation timed out upstream' } as const;
    }
    return undefined;
  };

  return {
    name: 'kie',
    isDevelopmentEngine: false,
    /**
     * Creates on the first account, round robin, that is not set aside and has room in its own
     * pace window; an account that answers 429 (another client of it) is passed over, one that
     * answers 401, 402 or 433 set aside, and the next tried in the same call: kie took nothing
     * from either. No account with room: paced until the soonest slot frees, as one account is.
     */
    async startJob(input, { taskId: ourTaskId }) {
      const aside = await states.setAside();
      const usable = nextOrder(accounts.filter((account) => !aside.has(account.id)));
      let waitMs: number | undefined;
      let refused: UpstreamUnavailable | undefined;
      for (const account of usable) {
        const callBackUrl = callBackUrlOf(ourTaskId, account);
        const { path, body } = kieCreateRequest(input, { ...bodyOptions, callBackUrl });
        const slot = await paceFor(options.pace, account)?.take();
        if (slot && !slot.isAllowed) {
          waitMs = Math.min(waitMs ?? slot.waitMs, slot.waitMs);
          continue;
        }
        try {
          return await createOn(account, path, body, callBackUrl);
        } catch (error) {
          if (error instanceof UpstreamPaced && usable.length > 1) {
            waitMs = Math.min(waitMs ?? Number.POSITIVE_INFINITY, error.retryAfterMs ?? delays.rateLimited);
            continue;
          }
          if (!(error instanceof AccountRefused)) throw error;
          await setAside(account, error.code, error.failure.message);
          refused = error.failure;
        }
      }
      if (waitMs !== undefined)
        throw new UpstreamPaced('kie.ai create pace reached on every account', waitMs);
      throw (
        refused ??
        new UpstreamUnavailable('every kie.ai account is set aside (401, 402 or 433)', delays.accountProblem)
      );
    },
    async pollJob(service, upstreamId, _channel, startedAt, model, accountId) {
      const account = accountOf(accountId);
      // Veo has its own record endpoint; every other model (the catalogue's too) is a jobs API task.
      const isVeo = service === 'video' && !kieJobsModel('video', { model });
      const path = isVeo ? '/api/v1/veo/record-info' : '/api/v1/jobs/recordInfo';
      const slot = await paceFor(options.pollPace, account)?.take();
      if (slot && !slot.isAllowed) throw new UpstreamPaced(`kie.ai poll pace reached (${path})`, slot.waitMs);
      const reply = await request(account, 'GET', `${path}?taskId=${encodeURIComponent(upstreamId)}`);
      if (reply.code !== 200) {
        const answer = pollAnswer(reply.code, reply.message, startedAt);
        if (answer) return answer;
        const error = failure(reply.code, reply.message, reply.route, reply.retryAfterMs);
        // A key refused at a poll is refused at a create too: no new work for it.
        if (SET_ASIDE_CODES.has(reply.code)) await setAside(account, reply.code, error.message);
        throw error;
      }
      const data = asRecord(reply.data);
      if (!data) throw new UpstreamUnavailable(`kie.ai ${path} answered without data`);
      return isVeo ? veoState(data, secrets) : jobsApiState(data, service, secrets);
    },
    scrapeLinkedin: (request, { signal, chargedCredits }) => scrape(request, signal, chargedCredits),
    /** The credits of every account together. */
    async upstreamBalance() {
      const each = await Promise.all(accounts.map(creditsOf));
      return each.reduce((sum, credits) => sum + credits, 0);
    },
    async upstreamAccounts(): Promise<KieAccountUse[]> {
      return Promise.all(
        accounts.map(async (account) => {
          const pace = paceFor(options.pace, account);
          const [paceUsed, balance] = await Promise.all([
            pace?.used ? pace.used().catch(() => null) : null,
            creditsOf(account).catch(() => null),
          ]);
          return {
            id: account.id,
            label: account.label,
            paceUsed,
            paceLimit: pace ? (options.paceLimit ?? null) : null,
            balance,
          };
        }),
      );
    },
  };
}
