import {
  type AccountAnswer,
  API_ENDPOINTS,
  API_KEY_HEADER,
  APP_PATHS,
  type EventsAnswer,
  type EventsQuery,
  type EventType,
  findEndpoint,
  type ImageRequest,
  type ImageTaskAnswer,
  type LinkedinRequest,
  type LinkedinTaskAnswer,
  type SendTestEventResponse,
  type Service,
  type SoraRequest,
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
}

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
  getAccount(options?: CallOptions): Promise<AccountAnswer> {
    return this.#call('getAccount', { ...options });
  }
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
      query?: Record<string, unknown>;
      idempotencyKey?: string;
      signal?: AbortSignal;
    },
  ): Promise<T> {
    const endpoint = findEndpoint(id);
    const path = endpoint.path.replace('{taskId}', encodeURIComponent(options.taskId ?? ''));
    const query = Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined);
    const search = query.length > 0 ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : '';
    const isPaid = endpoint.method === 'POST' && endpoint.cost > 0;
    return this.#send(endpoint.method, `${path}${search}`, {
      ...options,
      idempotencyKey: isPaid ? options.idempotencyKey : undefined,
    });
  }

  async #send<T>(
    method: string,
    path: string,
    options: { body?: object; idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<T> {
    const headers: Record<string, string> = { [API_KEY_HEADER]: this.#apiKey, accept: 'application/json' };
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
