import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hashText } from '../src/modules/engines/media/seed.ts';
import { renderVideo } from '../src/modules/engines/media/video.ts';
import { checkInput, JOBS_IMAGE_MODELS, JOBS_MODELS, VEO_BODY } from './fake-kie-schemas.ts';
import { type JsonBody, readJson, replyJson as reply, startLocalServer } from './local-server.ts';
import { tinyPng } from './scripted-engine.ts';

/** A scripted answer for the next request to one endpoint (e.g. a 429, or HTTP 200 with code 500). */
export interface FakeKieFailure {
  status?: number;
  code: number;
  msg?: string;
  retryAfter?: string;
}

type Endpoint = 'createTask' | 'generate' | 'recordInfo' | 'record-info' | 'credit';

/**
 * How the next create's answer is lost after kie accepted it (the task exists and runs):
 * the connection dropped, the answer never sent within the client's timeout, or a 500.
 */
export type LostAnswer = 'drop' | 'hang' | 500;

/** A signed callback as kie sends it (docs/upstreams.md, "kie.ai: signed callbacks"). */
export interface FakeKieCallback {
  url: string;
  headers: Record<string, string>;
  body: JsonBody;
}

/**
 * One kie.ai account (its API key) of the fake: kie counts creates and polls per account (K1), keeps
 * a balance per account, and signs an account's callbacks with its own HMAC key (K10).
 */
export interface FakeKieAccount {
  apiKey: string;
  balance: number;
  webhookHmacKey?: string;
  /** Creates this account refused with 429. */
  rateLimited: number;
}

interface FakeTask {
  id: string;
  /** The key that created it: only that account sees the task (another's polls find no record). */
  apiKey: string;
  kind: 'jobs' | 'veo';
  text: string;
  extension: 'png' | 'mp4';
  polls: number;
  createdAt: number;
  /** Ends with Veo's errorCode 500, "internal error, try again later" (K4). */
  isFlaky: boolean;
}

export interface FakeKie {
  url: string;
  apiKey: string;
  png: Buffer;
  mp4: Buffer;
  /** Every request as it arrived (bodies parsed), including refused ones. */
  requests: {
    method: string;
    endpoint: string;
    query: Record<string, string>;
    authorization?: string;
    body?: JsonBody;
  }[];
  /** Bodies of accepted create calls, with the task id they were given and the key that sent them. */
  created: { endpoint: Endpoint; taskId: string; body: JsonBody; at: number; apiKey: string }[];
  /** Every account, the first being `apiKey`'s (whose balance and HMAC key `balance` and `webhookHmacKey` are). */
  accounts: FakeKieAccount[];
  /** Opens another account: its own key, balance, pace windows and HMAC key. */
  addAccount(options?: { apiKey?: string; balance?: number; webhookHmacKey?: string }): FakeKieAccount;
  /** Creates refused with 429 (they never entered the queue). */
  rateLimited: number;
  /** Polls (recordInfo, record-info) allowed per `pollWindowMs` for the key (10 a second); the excess is 429. */
  pollLimit: number;
  pollWindowMs: number;
  /** Polls refused with 429, and when each accepted poll arrived (with its key in `pollKeys`). */
  pollsRateLimited: number;
  pollTimes: number[];
  pollKeys: string[];
  /** Deprecated input fields sent (e.g. `image_size`), one entry per use. */
  deprecatedUses: string[];
  /** Polls a task answers "still generating" once its record exists. */
  pendingPolls: number;
  /** How long after its create a task's record is null (`recordInfo is null` / `record is null`). */
  nullRecordMs: number;
  /** New tasks accepted per `createWindowMs` for the account (K1: 20 per 10 s). */
  createLimit: number;
  createWindowMs: number;
  /** How many of the first Veo tasks of a prompt containing `flaky` end with errorCode 500 (K4). */
  flakyFailures: number;
  /** How long a prompt containing `slow` keeps its create call waiting. */
  slowMs: number;
  balance: number;
  /** With it, every task created with a `callBackUrl` is called back, signed, `callbackAfterMs` after its create. */
  webhookHmacKey?: string;
  callbackAfterMs: number;
  /** Sends a callback; a test points it at the app (app.inject). Defaults to an HTTP POST. */
  deliver: (callback: FakeKieCallback) => Promise<void>;
  /** Callbacks sent, in order. */
  callbacks: FakeKieCallback[];
  failNext(endpoint: Endpoint, failure: FakeKieFailure): void;
  /** The next create is accepted (its task runs and is called back) but its answer is lost. */
  loseNextAnswer(endpoint: 'createTask' | 'generate', how: LostAnswer): void;
  /** kie loses all trace of a task: its polls answer 404 "Task not found". */
  forget(taskId: string): void;
  /** Builds and sends the signed callback of a task now. */
  callBack(taskId: string): Promise<void>;
  close(): Promise<void>;
}

const UNFETCHABLE =
  'Failed to fetch the image. Kindly verify any access limits set by you or your service provider.';

/**
 * kie.ai as a local HTTP server speaking what its pages document (docs/upstreams.md, "Sources"):
 * Bearer key; `{ code, msg, data }` answers; the jobs and Veo APIs with their documented inputs
 * (fake-kie-schemas.ts: unknown fields and values refused with 422, deprecated ones counted); a
 * record that is null for `nullRecordMs` after its create (K3); 20 creates per 10 s per account,
 * the excess answered HTTP 429 and never queued (K1); `pollLimit` polls a second per key (kie: 10), the excess 429; the credit endpoint and the result files.
 * Steered by the prompt (or Sora URL): `fail` settles as a failed generation, `reject` is refused
 * at create with 422, `slow` waits `slowMs`, `empty` succeeds without result URLs, `unfetchable`
 * answers Veo's 451 at record-info (K4), `stall` answers 408 (K2), `ghost` never gets a record,
 * `flaky` (Veo) ends its first `flakyFailures` tasks with errorCode 500, "try again later" (K4).
 * With `webhookHmacKey`, each task created with a callBackUrl is called back signed (K10), and
 * `loseNextAnswer` accepts a create but loses its answer (dropped, hung, or a 500).
 * Several accounts (`addAccount`): each key has its own create and poll windows, its own balance
 * (an account at 0 credits answers creates with 402, K2) and its own HMAC key; a task is seen only
 * by the key that created it (kie does not document another key's poll: no record is assumed).
 */
export async function startFakeKie(
  options: { apiKey?: string; pendingPolls?: number; nullRecordMs?: number; webhookHmacKey?: string } = {},
): Promise<FakeKie> {
  const tasks = new Map<string, FakeTask>();
  const failures = new Map<Endpoint, FakeKieFailure[]>();
  const lostAnswers = new Map<Endpoint, LostAnswer[]>();
  const callBackUrls = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const forgotten = new Set<string>();
  const png = tinyPng();
  const mp4 = renderVideo({
    seed: hashText('fake-kie'),
    caption: 'fake kie',
    width: 64,
    height: 48,
    fps: 4,
    seconds: 1,
  });

  /** The account's sliding window of accepted creates: full means 429, the task is dropped (K1). */
  const isWindowFull = (apiKey: string) => {
    const since = Date.now() - fake.createWindowMs;
    return (
      fake.created.filter((task) => task.apiKey === apiKey && task.at > since).length >= fake.createLimit
    );
  };
  /** The same per key for polls: each accepted poll's time by key, the old ones dropped. */
  const pollsByKey = new Map<string, number[]>();
  const isPollWindowFull = (apiKey: string) => {
    const since = Date.now() - fake.pollWindowMs;
    const recent = (pollsByKey.get(apiKey) ?? []).filter((at) => at > since);
    pollsByKey.set(apiKey, recent);
    return recent.length >= fake.pollLimit;
  };

  const createTask = async (account: FakeKieAccount, endpoint: Endpoint, body: JsonBody | undefined) => {
    const isVeo = endpoint === 'generate';
    const model = String(body?.model ?? '');
    const input = (isVeo ? body : body?.input) as JsonBody | undefined;
    const schema = isVeo ? VEO_BODY : JOBS_MODELS[model];
    if (!schema || !input || typeof input !== 'object') {
      return { code: 422, msg: 'The model or its input is invalid', data: null };
    }
    const { problem, deprecated } = checkInput(input, schema);
    fake.deprecatedUses.push(...deprecated);
    if (problem) return { code: 422, msg: `Validation Error: ${problem}`, data: null };
    if (!isVeo && Object.keys(body ?? {}).some((key) => !['model', 'input', 'callBackUrl'].includes(key))) {
      return { code: 422, msg: 'Validation Error: unknown top-level field', data: null };
    }
    const text = String(input.prompt ?? input.video_url ?? '');
    if (text.includes('reject')) {
      return {
        code: 422,
        msg: 'Prompt violates the content policy (see https://kie.ai/policy#422)',
        data: null,
      };
    }
    if (text.includes('slow')) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    const id = randomBytes(16).toString('hex');
    const isImage = JOBS_IMAGE_MODELS.includes(model);
    const earlier = [...tasks.values()].filter((task) => task.text === text).length;
    tasks.set(id, {
      id,
      apiKey: account.apiKey,
      kind: isVeo ? 'veo' : 'jobs',
      text,
      extension: isImage ? 'png' : 'mp4',
      polls: 0,
      createdAt: Date.now(),
      isFlaky: isVeo && text.includes('flaky') && earlier < fake.flakyFailures,
    });
    fake.created.push({
      endpoint,
      taskId: id,
      body: body as JsonBody,
      at: Date.now(),
      apiKey: account.apiKey,
    });
    // kie calls the create's callBackUrl when the task ends (K5, K9), signed when a key is set (K10).
    const callBackUrl = body?.callBackUrl;
    if (typeof callBackUrl === 'string' && account.webhookHmacKey) {
      callBackUrls.set(id, callBackUrl);
      const timer = setTimeout(() => {
        timers.delete(timer);
        fake.callBack(id).catch(() => undefined);
      }, fake.callbackAfterMs);
      timers.add(timer);
    }
    return { code: 200, msg: 'success', data: { taskId: id } };
  };

  /** A poll's answer body: the record, or one of the documented codes instead of it. */
  const pollOf = (task: FakeTask) => {
    const isVeo = task.kind === 'veo';
    if (task.text.includes('ghost') || Date.now() - task.createdAt < fake.nullRecordMs) {
      return { code: 422, msg: isVeo ? 'record is null' : 'recordInfo is null', data: null };
    }
    task.polls += 1;
    const isDone = task.polls > fake.pendingPolls;
    if (isDone && isVeo && task.text.includes('unfetchable'))
      return { code: 451, msg: UNFETCHABLE, data: null };
    if (isDone && task.text.includes('stall')) {
      return {
        code: 408,
        msg: 'Upstream is currently experiencing service issues. No result has been returned for over 10 minutes.',
        data: null,
      };
    }
    return { code: 200, msg: 'success', data: recordOf(task, isDone) };
  };

  const recordOf = (task: FakeTask, isDone: boolean) => {
    const resultUrls = task.text.includes('empty')
      ? []
      : [`${fake.url}/files/${task.id}/result.${task.extension}`];
    const failMsg = `Content moderation flagged the input (task ${task.id}, see https://kie.ai/tasks/${task.id})`;
    const isFailed = isDone && (task.text.includes('fail') || task.isFlaky);
    if (task.kind === 'veo') {
      return {
        taskId: task.id,
        successFlag: isDone ? (isFailed ? 3 : 1) : 0,
        response: isDone && !isFailed ? { taskId: task.id, resultUrls } : null,
        errorCode: isFailed ? (task.isFlaky ? 500 : 400) : null,
        errorMessage: isFailed ? (task.isFlaky ? 'Internal error, please try again later.' : failMsg) : '',
      };
    }
    return {
      taskId: task.id,
      state: isDone ? (isFailed ? 'fail' : 'success') : task.polls === 1 ? 'waiting' : 'generating',
      resultJson: isDone && !isFailed ? JSON.stringify({ resultUrls }) : '',
      failCode: isFailed ? '500' : '',
      failMsg: isFailed ? failMsg : '',
      createTime: task.createdAt,
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const file = /^\/files\/([a-f0-9]+|input)\/[a-z]+\.(png|mp4)$/.exec(url.pathname);
    if (request.method === 'GET' && file) {
      const isPng = file[2] === 'png';
      response.writeHead(200, { 'content-type': isPng ? 'image/png' : 'video/mp4' });
      response.end(isPng ? png : mp4);
      return;
    }
    const routes: Record<string, Endpoint> = {
      'POST /api/v1/jobs/createTask': 'createTask',
      'POST /api/v1/veo/generate': 'generate',
      'GET /api/v1/jobs/recordInfo': 'recordInfo',
      'GET /api/v1/veo/record-info': 'record-info',
      'GET /api/v1/chat/credit': 'credit',
    };
    const endpoint = routes[`${request.method} ${url.pathname}`];
    const body = await readJson(request);
    fake.requests.push({
      method: request.method ?? '',
      endpoint: endpoint ?? url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body,
    });
    if (!endpoint) return reply(response, 404, { code: 404, msg: 'Not found', data: null });
    const account = fake.accounts.find((a) => request.headers.authorization === `Bearer ${a.apiKey}`);
    if (!account) {
      return reply(response, 401, { code: 401, msg: 'You do not have access permissions', data: null });
    }
    const failure = failures.get(endpoint)?.shift();
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
      return reply(
        response,
        failure.status ?? 200,
        { code: failure.code, msg: failure.msg ?? 'error', data: null },
        headers,
      );
    }
    if (endpoint === 'credit')
      return reply(response, 200, { code: 200, msg: 'success', data: account.balance });
    if (endpoint === 'createTask' || endpoint === 'generate') {
      if (isWindowFull(account.apiKey)) {
        fake.rateLimited += 1;
        account.rateLimited += 1;
        return reply(response, 429, { code: 429, msg: 'Rate limit exceeded', data: null });
      }
      // An account with no credits left is refused: 402 "Insufficient Credits" (K2's code list).
      if (account.balance <= 0)
        return reply(response, 200, { code: 402, msg: 'Credits insufficient', data: null });
      const answer = await createTask(account, endpoint, body);
      const lost = answer.code === 200 ? lostAnswers.get(endpoint)?.shift() : undefined;
      // Accepted, then the answer is lost: the task runs (and bills) all the same.
      if (lost === 'drop') return response.destroy();
      if (lost === 'hang') return;
      if (lost === 500) return reply(response, 500, { code: 500, msg: 'Server Error', data: null });
      return reply(response, 200, answer);
    }
    if (isPollWindowFull(account.apiKey)) {
      fake.pollsRateLimited += 1;
      return reply(response, 429, { code: 429, msg: 'Rate limit exceeded', data: null });
    }
    fake.pollTimes.push(Date.now());
    fake.pollKeys.push(account.apiKey);
    pollsByKey.get(account.apiKey)?.push(Date.now());
    const polled = url.searchParams.get('taskId') ?? '';
    if (forgotten.has(polled)) return reply(response, 200, { code: 404, msg: 'Task not found', data: null });
    const task = tasks.get(polled);
    // Another account's task is none of this key's business: no record, as for an unknown id.
    if (!task || task.apiKey !== account.apiKey) {
      return reply(response, 200, { code: 422, msg: 'recordInfo is null', data: null });
    }
    return reply(response, 200, pollOf(task));
  };

  const server = await startLocalServer(handle, (error) => ({ code: 500, msg: String(error) }));
  const newAccount = (account: { apiKey?: string; balance?: number; webhookHmacKey?: string }) => ({
    apiKey: account.apiKey ?? `kie-test-${randomBytes(12).toString('hex')}`,
    balance: account.balance ?? 1234.5,
    webhookHmacKey: account.webhookHmacKey,
    rateLimited: 0,
  });
  const first: FakeKieAccount = newAccount(options);
  const fake: FakeKie = {
    url: server.url,
    get apiKey() {
      return first.apiKey;
    },
    set apiKey(apiKey) {
      first.apiKey = apiKey;
    },
    get balance() {
      return first.balance;
    },
    set balance(balance) {
      first.balance = balance;
    },
    get webhookHmacKey() {
      return first.webhookHmacKey;
    },
    set webhookHmacKey(key) {
      first.webhookHmacKey = key;
    },
    accounts: [first],
    addAccount(account = {}) {
      const added = newAccount(account);
      fake.accounts.push(added);
      return added;
    },
    png,
    mp4,
    requests: [],
    created: [],
    rateLimited: 0,
    // kie's 10 a second (K1) where a test paces its polls; unlimited for the engines tests run unpaced.
    pollLimit: Number.POSITIVE_INFINITY,
    pollWindowMs: 1_000,
    pollsRateLimited: 0,
    pollTimes: [],
    pollKeys: [],
    deprecatedUses: [],
    pendingPolls: options.pendingPolls ?? 2,
    nullRecordMs: options.nullRecordMs ?? 0,
    createLimit: 20,
    createWindowMs: 10_000,
    slowMs: 2_000,
    flakyFailures: 1,
    callbackAfterMs: 50,
    callbacks: [],
    async deliver(callback) {
      await fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...callback.headers },
        body: JSON.stringify(callback.body),
      });
    },
    failNext(endpoint, failure) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), failure]);
    },
    forget(taskId) {
      tasks.delete(taskId);
      forgotten.add(taskId);
    },
    loseNextAnswer(endpoint, how) {
      lostAnswers.set(endpoint, [...(lostAnswers.get(endpoint) ?? []), how]);
    },
    async callBack(taskId) {
      const url = callBackUrls.get(taskId);
      const task = tasks.get(taskId);
      // Signed with the HMAC key of the account that created the task (each account has its own).
      const hmacKey = fake.accounts.find((a) => a.apiKey === task?.apiKey)?.webhookHmacKey;
      if (!url || !task || !hmacKey) return;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', hmacKey).update(`${taskId}.${timestamp}`).digest('base64');
      // The verification guide's example reads `data.task_id` (K10); the jobs callbacks say `taskId`.
      const data = task.kind === 'veo' ? { taskId, info: null } : { task_id: taskId, state: 'success' };
      const callback = {
        url,
        headers: { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature },
        body: { code: 200, msg: 'success', data },
      };
      fake.callbacks.push(callback);
      await fake.deliver(callback);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
  return fake;
}
