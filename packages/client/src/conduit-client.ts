import {
  type AccountAnswer,
  API_ENDPOINTS,
  API_KEY_HEADER,
  APP_PATHS,
  type CancelAnswer,
  type EventItem,
  type EventsAnswer,
  type EventsQuery,
  type EventType,
  findEndpoint,
  type ImageModelInput,
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
  UPLOADS_PATH,
  type UploadAnswer as UploadAnswerSchema,
  type UploadListAnswer as UploadListAnswerSchema,
  type UsageByMetadataAnswer,
  type UsageByMetadataQuery,
  type VideoModelInput,
  type VideoTaskAnswer,
  type WebhookSecretResponse,
} from '@conduit/contracts';
import type { z } from 'zod';
import { ConduitError, errorFromAnswer, TaskWaitTimeout } from './api-error.ts';
import { ApiPromise } from './api-promise.ts';
import { type DownloadOptions, type SavedFile, saveResponse } from './download.ts';
import { readEventStream, type StreamedEvent } from './event-stream.ts';
import { type CursorPage, PagePromise, type PageReader } from './pagination.ts';
import { DEFAULT_MAX_RETRIES, sleep } from './retry-policy.ts';
import {
  type CallOptions,
  type PaidCallOptions,
  type QueryValue,
  send,
  type TransportConfig,
  USER_AGENT,
} from './transport.ts';

/**
 * An image call's body: any image model's, told apart by `model` (nano-banana when absent), each
 * with its own fields, e.g. `{ model: 'seedream-4.5', prompt, quality: 'high' }`.
 */
export type ImageInput = ImageModelInput;
/** A video call's body: any video model's, told apart by `model` (fast when absent). */
export type VideoInput = VideoModelInput;
export type SoraInput = z.input<typeof SoraRequest>;
export type LinkedinInput = z.input<typeof LinkedinRequest>;

export interface ConduitClientOptions {
  /**
   * A key from the API Keys page (`cnd_live_...`); CONDUIT_API_KEY by default. `null`: no key, for
   * the public endpoints only (listModels); any other call then answers 401.
   */
  apiKey?: string | null;
  /** Where the API is, e.g. `https://conduit.example.com` (no `/api`); CONDUIT_BASE_URL, else http://localhost:3000. */
  baseUrl?: string;
  /** Milliseconds for one attempt of a call; 5 minutes by default (sync calls wait up to 150 s). */
  timeout?: number;
  /** Retries of a failed call (429, 408, 5xx, no answer); 2 by default, 0 turns them off. */
  maxRetries?: number;
  /** Sent with every call (a proxy's header, a tracing id). */
  defaultHeaders?: Record<string, string>;
  /** Another fetch (a test double, a proxy agent); the global one by default. */
  fetch?: typeof fetch;
}

/** A list's metadata filter: every pair must match (sent as `metadata[key]=value`). */
export interface MetadataFilter {
  metadata?: Record<string, string>;
}
/** `metadata: { customer: 'acme' }` as the query's `metadata[customer]=acme` pairs. */
export function metadataQuery(metadata: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata ?? {}).map(([key, value]) => [`metadata[${key}]`, value]),
  );
}
/** The task list's filters and page (`cursor`: the previous page's nextCursor). */
export type TaskListFilters = Omit<Partial<z.input<typeof TaskListQuery>>, 'limit'> & {
  limit?: number;
} & MetadataFilter;
/** Spend by one metadata key: `groupBy` is `metadata.<key>`; `from` and `to` a date or date-time. */
export type UsageQuery = z.input<typeof UsageByMetadataQuery>;
export type QuoteInput = z.input<typeof QuoteRequest>;
/** One task of a listTasks page (any service). */
export type TaskListItem = TaskListAnswer['data'][number];
/** An upload's answer: its id, signed URL, type, size and expiry. */
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;
export type UploadListAnswer = z.infer<typeof UploadListAnswerSchema>;

/** A file on disk as a Blob (Node only: node:fs is loaded on first use). */
async function readLocalFile(path: string): Promise<Blob> {
  const { readFile } = await import('node:fs/promises');
  return new Blob([await readFile(path)]);
}

/** One request of a listRequests page. */
export type RequestLogEntry = RequestLogAnswer['data'][number];

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

/** The parts of a call besides its options: path parameters, query and JSON body. */
interface CallParts {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: object;
}

export const DEFAULT_BASE_URL = 'http://localhost:3000';
const DEFAULT_TIMEOUT_MS = 300_000;
const DEFAULT_POLL_MS = 2_000;
const DEFAULT_WAIT_MS = 600_000;
const env = (name: string) => (typeof process === 'undefined' ? undefined : process.env?.[name]) || undefined;

export interface RequestOptions extends PaidCallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ListOptions<Page, Item> extends CallOptions {
  query?: Record<string, QueryValue>;
  /** Start after this cursor (a page's nextCursor) instead of at the first page. */
  cursor?: string;
  /** Where items and the next cursor are, for pages not shaped `{ data, nextCursor }`. */
  read?: PageReader<Page, Item>;
}

/** A catalogue endpoint's path with its `{param}`s filled in (encoded). */
export function endpointPath(id: string, params: Record<string, string> = {}): string {
  return findEndpoint(id).path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** A fresh Idempotency-Key: a random UUID (Math.random only where Web Crypto is missing, Node 18). */
function newIdempotencyKey(): string {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) =>
    ((Math.random() * 16) | (c === 'x' ? 0 : 8)).toString(16).slice(-1),
  );
}

/**
 * The Conduit public API, one method per endpoint of the catalogue (method name = operationId).
 * Adding an endpoint: add it to the catalogue in @conduit/contracts, then one method here that
 * hands its id to #call (or, for a list, `this.paginate(endpointPath(id), ...)`).
 */
export class ConduitClient {
  readonly #config: TransportConfig;

  constructor(options: ConduitClientOptions = {}) {
    const apiKey = options.apiKey === null ? null : (options.apiKey ?? env('CONDUIT_API_KEY'));
    if (apiKey !== null && !apiKey)
      throw new ConduitError(
        'ConduitClient needs an apiKey (or CONDUIT_API_KEY), or apiKey: null for the public endpoints',
      );
    this.#config = {
      apiKey,
      baseUrl: (options.baseUrl ?? env('CONDUIT_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      defaultHeaders: options.defaultHeaders ?? {},
    };
  }

  /** An image of any image model (`body.model`; listModels gives each one's price), waited for up to 120 s. */
  generateImage(body: ImageInput, options?: PaidCallOptions): ApiPromise<ImageTaskAnswer> {
    return this.#call('generateImage', { body }, options);
  }
  getImageStatus(taskId: string, options?: CallOptions): ApiPromise<ImageTaskAnswer> {
    return this.#call('getImageStatus', { params: { taskId } }, options);
  }
  /** Starts a video of any video model (`body.model`); answers the task at once. */
  createVideo(body: VideoInput, options?: PaidCallOptions): ApiPromise<VideoTaskAnswer> {
    return this.#call('createVideo', { body }, options);
  }
  getVideoStatus(taskId: string, options?: CallOptions): ApiPromise<VideoTaskAnswer> {
    return this.#call('getVideoStatus', { params: { taskId } }, options);
  }
  removeSoraWatermarkSync(body: SoraInput, options?: PaidCallOptions): ApiPromise<VideoTaskAnswer> {
    return this.#call('removeSoraWatermarkSync', { body }, options);
  }
  removeSoraWatermark(body: SoraInput, options?: PaidCallOptions): ApiPromise<VideoTaskAnswer> {
    return this.#call('removeSoraWatermark', { body }, options);
  }
  getSoraStatus(taskId: string, options?: CallOptions): ApiPromise<VideoTaskAnswer> {
    return this.#call('getSoraStatus', { params: { taskId } }, options);
  }
  scrapeLinkedin(body: LinkedinInput, options?: PaidCallOptions): ApiPromise<LinkedinTaskAnswer> {
    return this.#call('scrapeLinkedin', { body }, options);
  }
  getLinkedinStatus(taskId: string, options?: CallOptions): ApiPromise<LinkedinTaskAnswer> {
    return this.#call('getLinkedinStatus', { params: { taskId } }, options);
  }
  /**
   * Your workspace's tasks of every service, newest first: awaited, one page (`filters.cursor`:
   * a page's nextCursor); with `for await`, every task of every page.
   */
  listTasks(filters: TaskListFilters = {}, options?: CallOptions): PagePromise<TaskListAnswer, TaskListItem> {
    const { cursor, metadata, ...query } = filters;
    return this.paginate(endpointPath('listTasks'), {
      ...options,
      query: { ...query, ...metadataQuery(metadata) },
      cursor,
    });
  }
  getTask(taskId: string, options?: CallOptions): ApiPromise<TaskAnswer> {
    return this.#call('getTask', { params: { taskId } }, options);
  }
  /** Cancels a task; the answer's outcome says what is refunded (a settled task throws a ConflictError, 409). */
  cancelTask(taskId: string, options?: CallOptions): ApiPromise<CancelAnswer> {
    return this.#call('cancelTask', { params: { taskId } }, options);
  }
  /** The price of a call, without charging; pass its quoteId in the call's body to pay it until expiresAt. */
  quotePrice(body: QuoteInput, options?: CallOptions): ApiPromise<QuoteAnswer> {
    return this.#call('quotePrice', { body }, options);
  }
  /** The enabled models with their prices and request schemas (public: the key is sent but not needed). */
  listModels(options?: CallOptions): ApiPromise<ModelsAnswer> {
    return this.#call('listModels', {}, options);
  }

  getAccount(options?: CallOptions): ApiPromise<AccountAnswer> {
    return this.#call('getAccount', {}, options);
  }
  /**
   * The workspace's request log, newest first: awaited, one page (`query.cursor`: a page's
   * nextCursor); with `for await`, every request of every page.
   */
  listRequests(
    query: Partial<RequestLogApiQuery> & MetadataFilter = {},
    options?: CallOptions,
  ): PagePromise<RequestLogAnswer, RequestLogEntry> {
    const { cursor, metadata, ...filters } = query;
    return this.paginate(endpointPath('listRequests'), {
      ...options,
      query: { ...filters, ...metadataQuery(metadata) },
      cursor,
    });
  }
  /**
   * Calls and credits (charged less refunded) grouped by one metadata key's value, e.g.
   * `getUsage({ groupBy: 'metadata.customer', from: '2026-12-01' })`; calls without the key are
   * under `value: null`.
   */
  getUsage(query: UsageQuery, options?: CallOptions): ApiPromise<UsageByMetadataAnswer> {
    return this.#call('getUsage', { query: { ...query } }, options);
  }

  /**
   * The workspace's webhook events, newest first: awaited, one page (`query.cursor`: the page's
   * data.nextCursor); with `for await`, every event of every page.
   */
  listEvents(query: Partial<EventsQuery> = {}, options?: CallOptions): PagePromise<EventsAnswer, EventItem> {
    const { cursor, ...filters } = query;
    return this.paginate(endpointPath('listEvents'), {
      ...options,
      query: filters,
      cursor,
      read: (page) => ({ items: page.data, nextCursor: page.nextCursor }),
    });
  }

  /** Sends a test event of `type` (sample data) to the workspace's endpoint and event stream. */
  sendTestEvent(type: EventType = 'webhook.test', options?: CallOptions): ApiPromise<SendTestEventResponse> {
    const { method, path } = APP_PATHS.sendWebhookTest;
    return new ApiPromise(send(this.#config, { method, url: path, body: { type } }, options));
  }
  /** The workspace's webhook signing secret (`whsec_...`): what `conduit listen` signs with. */
  getWebhookSecret(options?: CallOptions): ApiPromise<WebhookSecretResponse> {
    const { method, path } = APP_PATHS.webhookSecret;
    return new ApiPromise(send(this.#config, { method, url: path }, options));
  }
  /**
   * The workspace's live events (Server-Sent Events on GET /api/events), from after
   * `lastEventId` when given (events the store still holds, then new ones). Ends when the
   * connection does; resume with the last webhook event's id.
   */
  async *streamEvents(
    options: CallOptions & { lastEventId?: string; onOpen?: () => void } = {},
  ): AsyncGenerator<StreamedEvent> {
    // Not retried here: a stream's reader reconnects with the last event's id (conduit listen does).
    const response = await this.#config.fetch(`${this.#config.baseUrl}${APP_PATHS.taskEvents.path}`, {
      headers: {
        'user-agent': USER_AGENT,
        ...this.#config.defaultHeaders,
        ...(this.#config.apiKey !== null && { [API_KEY_HEADER]: this.#config.apiKey }),
        accept: 'text/event-stream',
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
        ...options.headers,
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
      throw errorFromAnswer(response.status, body, response.headers);
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
    if (!statusEndpoint) throw new ConduitError(`No status endpoint for ${service}`);
    const { intervalMs, timeoutMs, onUpdate, ...callOptions } = options;
    const started = Date.now();
    const deadline = started + (timeoutMs ?? DEFAULT_WAIT_MS);
    for (;;) {
      const answer = await this.#call<TaskAnswers[S]>(statusEndpoint.id, { params: { taskId } }, callOptions);
      onUpdate?.(answer, Date.now() - started);
      if (answer.data.status !== 'processing') return answer;
      if (Date.now() >= deadline) throw new TaskWaitTimeout(answer);
      await sleep(intervalMs ?? DEFAULT_POLL_MS, options.signal);
    }
  }

  /**
   * A result file (an entry of resultUrls or videoUrls): the Response with its body unread, to
   * stream or `.arrayBuffer()`. Retried like any call; past retention it throws 410 RESULT_EXPIRED.
   */
  downloadFile(url: string, options: DownloadOptions = {}): ApiPromise<Response> {
    const { range, ...callOptions } = options;
    const headers = { accept: '*/*', ...(range && { range }), ...callOptions.headers };
    return new ApiPromise(
      send(
        this.#config,
        { method: 'GET', url, authenticate: false },
        { ...callOptions, headers },
        async (r) => r,
      ),
    );
  }

  /**
   * Keeps a local image or video (PNG, JPEG, WebP, MP4; 10 MB at most) as an input and answers its
   * signed URL, to pass in image_urls or imageUrls until it expires. `file`: bytes, a Blob, or a
   * path on disk (Node). Free.
   */
  async uploadFile(file: string | Blob | Uint8Array, options?: CallOptions): Promise<UploadAnswer> {
    const blob =
      typeof file === 'string'
        ? await readLocalFile(file)
        : file instanceof Blob
          ? file
          : new Blob([new Uint8Array(file)]);
    const form = new FormData();
    form.append('file', blob, typeof file === 'string' ? (file.split(/[\\/]/).pop() ?? 'file') : 'file');
    return new ApiPromise(
      send<UploadAnswer>(this.#config, { method: 'POST', url: UPLOADS_PATH, form }, options),
    );
  }
  /** The workspace's unexpired uploads, newest first. */
  listUploads(options?: CallOptions): ApiPromise<UploadListAnswer> {
    return new ApiPromise(send(this.#config, { method: 'GET', url: UPLOADS_PATH }, options));
  }
  /** Removes an upload: its URL answers 404 from then on. */
  deleteUpload(
    fileId: string,
    options?: CallOptions,
  ): ApiPromise<{ success: true; data: { id: string; deleted: true } }> {
    const url = `${UPLOADS_PATH}/${encodeURIComponent(fileId)}`;
    return new ApiPromise(send(this.#config, { method: 'DELETE', url }, options));
  }
  /**
   * The same list with each local path (anything not `http(s)://`) uploaded first and replaced by
   * its signed URL: what the command line does with `--image ./cat.png`. The MCP server does not
   * resolve paths: an agent uploads a file with its `upload_file` tool (stdio only) and passes the URL.
   */
  async resolveInputs(inputs: readonly string[], options?: CallOptions): Promise<string[]> {
    const urls: string[] = [];
    for (const input of inputs) {
      urls.push(/^https?:\/\//.test(input) ? input : (await this.uploadFile(input, options)).data.url);
    }
    return urls;
  }

  /** Downloads a result file to `path` (Node): answers the path, the bytes written and the type. */
  saveFile(url: string, path: string, options?: DownloadOptions): Promise<SavedFile> {
    return saveResponse(this.downloadFile(url, options), path);
  }

  /**
   * Any call of the API by method and path (for an endpoint this version does not know yet), with
   * the same retries, timeout and errors; every POST gets an Idempotency-Key unless given one.
   */
  request<T>(method: string, path: string, options: RequestOptions = {}): ApiPromise<T> {
    const { query, body, idempotencyKey, ...callOptions } = options;
    const key = method.toUpperCase() === 'POST' ? (idempotencyKey ?? newIdempotencyKey()) : undefined;
    return new ApiPromise(
      send<T>(this.#config, { method, url: path, query, body, idempotencyKey: key }, callOptions),
    );
  }

  /**
   * A GET list endpoint answering `{ data, nextCursor }` pages (or any shape, with `read`): awaited,
   * the first page; with `for await`, every item of every page (pagination.ts).
   */
  paginate<Item, Page = CursorPage<Item>>(
    path: string,
    options: ListOptions<Page, Item> = {},
  ): PagePromise<Page, Item> {
    const { query, cursor, read, ...callOptions } = options;
    const fetchPage = (next: string | undefined) =>
      send<Page>(this.#config, { method: 'GET', url: path, query: { ...query, cursor: next } }, callOptions);
    return new PagePromise(fetchPage, read, cursor);
  }

  /** One catalogue endpoint: its method and path from @conduit/contracts, a key for paid calls only. */
  #call<T>(id: string, parts: CallParts, options: PaidCallOptions = {}): ApiPromise<T> {
    const endpoint = findEndpoint(id);
    const { idempotencyKey, cancelAfter, waitSeconds, ...callOptions } = options;
    const isPaid = endpoint.method === 'POST' && endpoint.cost > 0;
    const headers: Record<string, string> = { ...callOptions.headers };
    if (cancelAfter !== undefined && isPaid) headers['cancel-after'] = String(cancelAfter);
    if (waitSeconds !== undefined && endpoint.mode === 'async') headers.prefer = `wait=${waitSeconds}`;
    const spec = {
      method: endpoint.method,
      url: endpointPath(id, parts.params),
      query: parts.query,
      body: parts.body,
      idempotencyKey: isPaid ? (idempotencyKey ?? newIdempotencyKey()) : undefined,
    };
    return new ApiPromise(send<T>(this.#config, spec, { ...callOptions, headers }));
  }
}
