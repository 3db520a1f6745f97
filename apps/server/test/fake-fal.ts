import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAL_ENDPOINTS, validationErrors } from './fake-fal-schemas.ts';
import { type JsonBody, readJson, replyJson as reply, startLocalServer } from './local-server.ts';
import { tinyPng } from './scripted-engine.ts';

type Endpoint = 'submit' | 'status' | 'result' | 'cancel';

export interface FakeFalFailure {
  status: number;
  detail?: string;
  retryAfter?: string;
}

export interface FakeFal {
  url: string;
  key: string;
  png: Buffer;
  /** Accepted submits: the model path and the input. */
  submitted: { model: string; requestId: string; body: JsonBody }[];
  requests: { method: string; endpoint: Endpoint | 'file' | 'unknown'; authorization?: string }[];
  pendingPolls: number;
  slowMs: number;
  /** How long a completed request's result stays (F3: 1 hour, 6 minutes from 10 KB). */
  resultTtlMs: number;
  /** Cancels accepted (202) so far. */
  cancels: number;
  failNext(endpoint: Endpoint, failure: FakeFalFailure): void;
  close(): Promise<void>;
}

interface FakeRequest {
  id: string;
  model: string;
  text: string;
  polls: number;
  completedAt?: number;
  /** Set by a cancel that came before the request completed: it then completes without a result. */
  isCanceled: boolean;
}

/** The result's own size decides how long fal keeps it (F3). */
const keptForMs = (fake: FakeFal, body: unknown) =>
  JSON.stringify(body).length >= 10_240 ? Math.min(fake.resultTtlMs, 360_000) : fake.resultTtlMs;

/**
 * fal.ai's queue API as a local server speaking its documents (docs/upstreams.md, "Sources" F1-F5):
 * `Key` auth; submit to the endpoint id, validated against the official client's input types
 * (fake-fal-schemas.ts: 422 with pydantic's `detail` list); status and result under the
 * owner/app path only; status 202 while IN_QUEUE/IN_PROGRESS, 200 COMPLETED, also for a request
 * that failed: the failure shows at the result GET (F3); a result kept `resultTtlMs` after
 * completion, then 404; `PUT .../cancel` before completion (202) completes it without a result. Steered by the prompt: `fail` answers the model's 500 at the result,
 * `refuse` its 422 there, `reject` is refused with 422 at submit, `slow` waits `slowMs` at submit.
 */
export async function startFakeFal(options: { pendingPolls?: number } = {}): Promise<FakeFal> {
  const queued = new Map<string, FakeRequest>();
  const failures = new Map<Endpoint, FakeFalFailure[]>();
  const png = tinyPng();
  const mp4 = Buffer.from('fake fal mp4');

  const resultOf = (job: FakeRequest) => {
    if (job.isCanceled) return { status: 400, body: { detail: `Request ${job.id} was cancelled` } };
    if (job.text.includes('fail'))
      return { status: 500, body: { detail: `Generation failed for request ${job.id}` } };
    if (job.text.includes('refuse')) {
      return { status: 422, body: { detail: 'The output was flagged by the content checker' } };
    }
    const isImage = job.model.includes('nano-banana');
    const fileUrl = `${fake.url}/files/${job.id}/result.${isImage ? 'png' : 'mp4'}`;
    return {
      status: 200,
      body: isImage
        ? { images: [{ url: fileUrl, content_type: 'image/png' }], description: '' }
        : { video: { url: fileUrl, content_type: 'video/mp4' } },
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const file = /^\/files\/([a-f0-9]+)\/result\.(png|mp4)$/.exec(url.pathname);
    if (request.method === 'GET' && file) {
      fake.requests.push({ method: 'GET', endpoint: 'file' });
      response.writeHead(200, { 'content-type': file[2] === 'png' ? 'image/png' : 'video/mp4' });
      response.end(file[2] === 'png' ? png : mp4);
      return;
    }
    const path = url.pathname.slice(1);
    // Status and result URLs carry the owner and app only, never the endpoint's sub-path (F2, F5).
    const byId = /^[\w-]+\/[\w.-]+\/requests\/([a-f0-9]+)(\/status|\/cancel)?$/.exec(path);
    const endpoint: Endpoint | 'unknown' =
      request.method === 'POST' && !byId
        ? 'submit'
        : request.method === 'PUT' && byId?.[2] === '/cancel'
          ? 'cancel'
          : request.method === 'GET' && byId && byId[2] !== '/cancel'
            ? byId[2]
              ? 'status'
              : 'result'
            : 'unknown';
    const body = await readJson(request);
    fake.requests.push({
      method: request.method ?? '',
      endpoint,
      authorization: request.headers.authorization,
    });
    if (endpoint === 'unknown') return reply(response, 404, { detail: 'Not Found' });
    if (request.headers.authorization !== `Key ${fake.key}`) {
      return reply(response, 401, { detail: 'No user found for Key ID and Secret' });
    }
    const failure = failures.get(endpoint)?.shift();
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
      return reply(response, failure.status, { detail: failure.detail ?? 'error' }, headers);
    }
    if (endpoint === 'submit') {
      if (!FAL_ENDPOINTS[path]) return reply(response, 404, { detail: `Application '${path}' not found` });
      const errors = validationErrors(path, body);
      if (errors.length > 0) return reply(response, 422, { detail: errors });
      const text = String(body?.prompt ?? '');
      if (text.includes('reject'))
        return reply(response, 422, { detail: 'The prompt was flagged (see https://fal.ai/policy)' });
      if (text.includes('slow')) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
      const id = randomBytes(16).toString('hex');
      queued.set(id, { id, model: path, text, polls: 0, isCanceled: false });
      fake.submitted.push({ model: path, requestId: id, body: body as JsonBody });
      const base = `${fake.url}/${path.split('/').slice(0, 2).join('/')}/requests/${id}`;
      return reply(response, 200, {
        request_id: id,
        status: 'IN_QUEUE',
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        queue_position: 0,
      });
    }
    const job = queued.get(byId?.[1] ?? '');
    if (endpoint === 'cancel') {
      // docs/upstreams.md, "fal.ai: queue API": 202 CANCELLATION_REQUESTED, 400 ALREADY_COMPLETED, 404 NOT_FOUND.
      if (!job) return reply(response, 404, { status: 'NOT_FOUND' });
      if (job.completedAt !== undefined && !job.isCanceled)
        return reply(response, 400, { status: 'ALREADY_COMPLETED' });
      job.isCanceled = true;
      fake.cancels += 1;
      return reply(response, 202, { status: 'CANCELLATION_REQUESTED' });
    }
    if (!job) return reply(response, 404, { detail: 'Request not found' });
    if (endpoint === 'status') {
      job.polls += 1;
      if (job.polls <= fake.pendingPolls && !job.isCanceled) {
        const status = job.polls === 1 ? 'IN_QUEUE' : 'IN_PROGRESS';
        return reply(response, 202, {
          status,
          queue_position: 0,
          response_url: `${fake.url}/${path.replace(/\/status$/, '')}`,
        });
      }
      job.completedAt ??= Date.now();
      return reply(response, 200, {
        status: 'COMPLETED',
        response_url: `${fake.url}/${path.replace(/\/status$/, '')}`,
      });
    }
    if (job.completedAt === undefined)
      return reply(response, 400, { detail: 'Request is still in progress' });
    const result = resultOf(job);
    if (Date.now() - job.completedAt > keptForMs(fake, result.body)) {
      return reply(response, 404, { detail: 'Request not found' });
    }
    return reply(response, result.status, result.body);
  };

  const server = await startLocalServer(handle, (error) => ({ detail: String(error) }));
  const fake: FakeFal = {
    url: server.url,
    key: `fal-test-${randomBytes(12).toString('hex')}`,
    png,
    submitted: [],
    requests: [],
    pendingPolls: options.pendingPolls ?? 2,
    slowMs: 2_000,
    resultTtlMs: 3_600_000,
    cancels: 0,
    failNext(endpoint, failure) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), failure]);
    },
    close: server.close,
  };
  return fake;
}
