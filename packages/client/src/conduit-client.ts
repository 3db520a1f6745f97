import {
  type AccountAnswer,
  API_ENDPOINTS,
  API_KEY_HEADER,
  APP_PATHS,
  type CancelAnswer,
  type EventsAnswer,
  type EventsQuery,
  type EventType,
  findEndpoint,
  type ImageRequest,
  type ImageTaskAnswer,
  type LinkedinRequest,
  type LinkedinTaskAnswer,
  type ModelsAnswer,
  type QuoteAnswer,
  type QuoteRequest,
  type RequestLogAnswer,
  type RequestLogApiQuery,
  type SendTestEventResponse,
  type Service,
  type SoraRequest,
  type TaskAnswer,
  type TaskListAnswer,
  type TaskListQuery,
  type VideoRequest,
  type VideoTaskAnswer,
  type WebhookSecretResponse,
} from '@conduit/contracts';
import type { z } from 'zod';
import { ConduitApiError, TaskWaitTimeout } from './api-error.ts';
import { readEventStream, type StreamedEvent } from './event-stream.ts';

export type ImageInput = z.input<typeof ImageRequest>;
export type VideoInput = z.input<typeof VideoRequest>;
export type SoraInput = z.input<typeof SoraRequest>;
export type LinkedinInput = z.input<typeof LinkedinRequest>;

export interface ConduitClientOptions {
  apiKey: string;
  /** Where the API is, e.g. `https://conduit.example.com` (no trailing `/api`). */
  baseUrl: string;
  /** Another fetch (a test double, a proxy agent); the global one by default. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface PaidCallOptions extends CallOptions {
  /** Retrying with the same key and body answers the first result and charges once. */
  idempotencyKey?: string;
  /** `Cancel-After`: not started upstream by then, the task ends aborted and refunded (`90s`, `2m` or seconds). */
  cancelAfter?: string | number;
  /** `Prefer: wait=N` on the endpoints that answer at once: wait up to N (1-60) seconds for the task to settle. */
  waitSeconds?: number;
}

/** The task list's filters and page (`cursor`: the previous page's nextCursor). */
export type TaskListFilters = Partial<z.input<typeof TaskListQuery>>;
export type QuoteInput = z.input<typeof QuoteRequest>;

export interface WaitOptions extends CallOptions {
  /** Between two status reads; 2 s by default. */
  intervalMs?: number;
  /** Give up after this long (the task keeps running): throws TaskWaitTimeout; 10 minutes by default. */
  timeoutMs?: number;
  /** Hears each status read with the time waited so far (for progress output). */
  onUpdate?: (answer: TaskAnswers[Service], elapsedMs: number) => void;
}

export interface TaskAnswers {
  image: ImageTaskAnswer;
  video: VideoTaskAnswer;
  sora: VideoTaskAnswer;
  linkedin: LinkedinTaskAnswer;
}

const DEFAULT_POLL_MS = 2_000;
const DEFAULT_WAIT_MS = 600_000;

/** The Conduit public API, one method per endpoint of the catalogue (method name = operationId). */
export class ConduitClient {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;

  constructor(options: ConduitClientOptions) {
    if (!options.apiKey) throw new Error('ConduitClient needs an apiKey');
    this.#apiKey = options.apiKey;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  generateImage(body: ImageInput, options?: PaidCallOptions): Promise<ImageTaskAnswer> {
    return this.#call('generateImage', { body, ...options });
  }
  getImageStatus(taskId: string, options?: CallOptions): Promise<ImageTaskAnswer> {
    return this.#call('getImageStatus', { taskId, ...options });
  }
  createVideo(body: VideoInput, options?: PaidCallOptions): Promise<VideoTaskAnswer> {
    return this.#call('createVideo', { body, ...options });
  }
  getVideoStatus(taskId: string, options?: CallOptions): Promise<VideoTaskAnswer> {
    return this.#call('getVideoStatus', { taskId, ...options });
  }
  removeSoraWatermarkSync(body: SoraInput, options?: PaidCallOptions): Promise<VideoTaskAnswer> {
    return this.#call('removeSoraWatermarkSync', { body, ...options });
  }
  removeSoraWatermark(body: SoraInput, options?: PaidCallOptions): Promise<VideoTaskAnswer> {
    return this.#call('removeSoraWatermark', { body, ...options });
  }
  getSoraStatus(taskId: string, options?: CallOptions): Promise<VideoTaskAnswer> {
    return this.#call('getSoraStatus', { taskId, ...options });
  }
  scrapeLinkedin(body: LinkedinInput, options?: PaidCallOptions): Promise<LinkedinTaskAnswer> {
    return this.#call('scrapeLinkedin', { body, ...options });
  }
  getLinkedinStatus(taskId: string, options?: CallOptions): Promise<LinkedinTaskAnswer> {
    return this.#call('getLinkedinStatus', { taskId, ...options });
  }
  /** Your workspace's tasks of every service, newest first, a page at a time. */
  listTasks(filters: TaskListFilters = {}, options?: CallOptions): Promise<TaskListAnswer> {
    const query = Object.entries(filters).filter(([, value]) => value !== undefined);
    return this.#call('listTasks', {
      query: Object.fromEntries(query.map(([k, v]) => [k, String(v)])),
      ...options,
    });
  }
  getTask(taskId: string, options?: CallOptions): Promise<TaskAnswer> {
    return this.#call('getTask', { taskId, ...options });
  }
  /** Cancels a task; the answer's outcome says what is refunded (a settled task throws a 409 ConduitApiError). */
  cancelTask(taskId: string, options?: CallOptions): Promise<CancelAnswer> {
    return this.#call('cancelTask', { taskId, ...options });
  }
  /** The price of a call, without charging; pass its quoteId in the call's body to pay it until expiresAt. */
  quotePrice(body: QuoteInput, options?: CallOptions): Promise<QuoteAnswer> {
    return this.#call('quotePrice', { body, ...options });
  }
  /** The enabled models with their prices and request schemas (public: the key is sent but not needed). */
  listModels(options?: CallOptions): Promise<ModelsAnswer> {
    return this.#call('listModels', { ...options });
  }

  getAccount(options?: CallOptions): Promise<AccountAnswer> {
    return this.#call('getAccount', { ...options });
  }
  /** One page of the workspace's request log, newest first; pass `nextCursor` back as `cursor` for the next. */
  listRequests(query: Partial<RequestLogApiQuery> = {}, options?: CallOptions): Promise<RequestLogAnswer> {
    return this.#call('listRequests', { query, ...options });
  }

  /** The workspace's webhook events, newest first; pass `nextCursor` back as `cursor` for the next page. */
  listEvents(query: Partial<EventsQuery> = {}, options?: CallOptions): Promise<EventsAnswer> {
    return this.#call('listEvents', { query, ...options });
  }

  /** Sends a test event of `type` (sample data) to the workspace's endpoint and event stream. */
  sendTestEvent(type: EventType = 'webhook.test', options?: CallOptions): Promise<SendTestEventResponse> {
    return this.#send(APP_PATHS.sendWebhookTest.method, APP_PATHS.sendWebhookTest.path, {
      body: { type },
      ...options,
    });
  }
  /** The workspace's webhook signing secret (`whsec_...`): what `conduit listen` signs with. */
  getWebhookSecret(options?: CallOptions): Promise<WebhookSecretResponse> {
    return this.#send('GET', APP_PATHS.webhookSecret.path, { ...options });
  }
  /**
   * The workspace's live events (Server-Sent Events on GET /api/events), from after
   * `lastEventId` when given (events the store still holds, then new ones). Ends when the
   * connection does; resume with the last webhook event's id.
   */
  async *streamEvents(
    options: CallOptions & { lastEventId?: string; onOpen?: () => void } = {},
  ): AsyncGenerator<StreamedEvent> {
    const response = await this.#fetch(`${this.#baseUrl}${APP_PATHS.taskEvents.path}`, {
      headers: {
        [API_KEY_HEADER]: this.#apiKey,
        accept: 'text/event-stream',
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
      },
      ...(options.signal && { signal: options.signal }),
    });
    if (!response.ok || !response.body) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: the error keeps the text.
      }
      throw new ConduitApiError(response.status, body, response.headers);
    }
    options.onOpen?.();
    yield* readEventStream(response.body);
  }

  /** Reads the task's status until it is no longer processing; answers the settled task (completed or failed). */
  async waitForTask<S extends Service>(
    taskId: string,
    service: S,
    options: WaitOptions = {},
  ): Promise<TaskAnswers[S]> {
    const statusEndpoint = API_ENDPOINTS.find(
      (endpoint) => endpoint.mode === 'status' && endpoint.service === service,
    );
    if (!statusEndpoint) throw new Error(`No status endpoint for ${service}`);
    const started = Date.now();
    const deadline = started + (options.timeoutMs ?? DEFAULT_WAIT_MS);
    for (;;) {
      const answer = await this.#call<TaskAnswers[S]>(statusEndpoint.id, { taskId, signal: options.signal });
      options.onUpdate?.(answer, Date.now() - started);
      if (answer.data.status !== 'processing') return answer;
      if (Date.now() >= deadline) throw new TaskWaitTimeout(answer);
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? DEFAULT_POLL_MS));
      options.signal?.throwIfAborted();
    }
  }

  async #call<T>(
    id: string,
    options: {
      body?: object;
      taskId?: string;
      query?: Record<string, string | number | undefined>;
      signal?: AbortSignal;
    } & Omit<PaidCallOptions, 'signal'>,
  ): Promise<T> {
    const endpoint = findEndpoint(id);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const queryString = search.toString();
    const path =
      endpoint.path.replace('{taskId}', encodeURIComponent(options.taskId ?? '')) +
      (queryString ? `?${queryString}` : '');
    const isPaid = endpoint.method === 'POST' && endpoint.cost > 0;
    const extra: Record<string, string> = {};
    if (options.cancelAfter !== undefined && isPaid) extra['cancel-after'] = String(options.cancelAfter);
    if (options.waitSeconds !== undefined && endpoint.mode === 'async')
      extra.prefer = `wait=${options.waitSeconds}`;
    return this.#send(endpoint.method, path, {
      ...options,
      idempotencyKey: isPaid ? options.idempotencyKey : undefined,
      headers: extra,
    });
  }

  async #send<T>(
    method: string,
    path: string,
    options: {
      body?: object;
      idempotencyKey?: string;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    },
  ): Promise<T> {
    const headers: Record<string, string> = {
      [API_KEY_HEADER]: this.#apiKey,
      accept: 'application/json',
      ...options.headers,
    };
    if (options.body) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const response = await this.#fetch(`${this.#baseUrl}${path}`, {
      method,
      headers,
      ...(options.body && { body: JSON.stringify(options.body) }),
      ...(options.signal && { signal: options.signal }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the error keeps the text.
    }
    if (!response.ok) throw new ConduitApiError(response.status, body, response.headers);
    return body as T;
  }
}
