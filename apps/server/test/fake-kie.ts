import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hashText } from '../src/modules/engines/media/seed.ts';
import { renderVideo } from '../src/modules/engines/media/video.ts';
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

interface FakeTask {
  id: string;
  kind: 'jobs' | 'veo';
  text: string;
  extension: 'png' | 'mp4';
  polls: number;
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
  /** Bodies of accepted create calls, with the task id they were given. */
  created: { endpoint: Endpoint; taskId: string; body: JsonBody }[];
  /** Polls a task answers "still generating" before it settles. */
  pendingPolls: number;
  /** How long a prompt containing `slow` keeps its create call waiting. */
  slowMs: number;
  balance: number;
  failNext(endpoint: Endpoint, failure: FakeKieFailure): void;
  close(): Promise<void>;
}

/**
 * kie.ai as a local HTTP server speaking the contract of docs/upstreams.md: Bearer key, the jobs
 * and Veo APIs, the credit endpoint, and the result files themselves. Steered by the prompt (or
 * Sora URL): `fail` settles as a failed generation, `reject` is refused at create with 422, `slow`
 * waits `slowMs`, `empty` succeeds without result URLs. The Veo endpoints say `message`, the jobs
 * API `msg`.
 */
export async function startFakeKie(
  options: { apiKey?: string; pendingPolls?: number } = {},
): Promise<FakeKie> {
  const tasks = new Map<string, FakeTask>();
  const failures = new Map<Endpoint, FakeKieFailure[]>();
  const png = tinyPng();
  const mp4 = renderVideo({
    seed: hashText('fake-kie'),
    caption: 'fake kie',
    width: 64,
    height: 48,
    fps: 4,
    seconds: 1,
  });

  const createTask = async (endpoint: Endpoint, body: JsonBody | undefined, say: string) => {
    const isVeo = endpoint === 'generate';
    const model = String(body?.model ?? '');
    const input = (body?.input ?? {}) as JsonBody;
    const text = String((isVeo ? body?.prompt : (input.prompt ?? input.video_url)) ?? '');
    const knownModels = isVeo
      ? ['veo3', 'veo3_fast']
      : ['google/nano-banana', 'google/nano-banana-edit', 'sora-watermark-remover'];
    if (!knownModels.includes(model) || !text) return { code: 422, [say]: 'model or input is invalid' };
    if (text.includes('reject')) {
      return { code: 422, [say]: 'Prompt violates the content policy (see https://kie.ai/policy#422)' };
    }
    if (text.includes('slow')) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    const id = randomBytes(16).toString('hex');
    const isImage = model.startsWith('google/');
    tasks.set(id, { id, kind: isVeo ? 'veo' : 'jobs', text, extension: isImage ? 'png' : 'mp4', polls: 0 });
    fake.created.push({ endpoint, taskId: id, body: body as JsonBody });
    return { code: 200, [say]: 'success', data: { taskId: id } };
  };

  const recordOf = (task: FakeTask) => {
    task.polls += 1;
    const isDone = task.polls > fake.pendingPolls;
    const resultUrls = task.text.includes('empty')
      ? []
      : [`${fake.url}/files/${task.id}/result.${task.extension}`];
    const failMsg = `Content moderation flagged the input (task ${task.id}, see https://kie.ai/tasks/${task.id})`;
    const isFailed = isDone && task.text.includes('fail');
    if (task.kind === 'veo') {
      return {
        taskId: task.id,
        successFlag: isDone ? (isFailed ? 3 : 1) : 0,
        response: isDone && !isFailed ? { taskId: task.id, resultUrls } : null,
        ...(isFailed && { errorCode: 400, errorMessage: failMsg }),
      };
    }
    return {
      taskId: task.id,
      state: isDone ? (isFailed ? 'fail' : 'success') : task.polls === 1 ? 'waiting' : 'generating',
      resultJson: isDone && !isFailed ? JSON.stringify({ resultUrls }) : '',
      failCode: isFailed ? '500' : '',
      failMsg: isFailed ? failMsg : '',
      createTime: Date.now(),
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
    const say = endpoint === 'generate' || endpoint === 'record-info' ? 'message' : 'msg';
    if (!endpoint) return reply(response, 404, { code: 404, [say]: 'Not found' });
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return reply(response, 401, { code: 401, [say]: 'You do not have access permissions' });
    }
    const failure = failures.get(endpoint)?.shift();
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
      return reply(
        response,
        failure.status ?? 200,
        { code: failure.code, [say]: failure.msg ?? 'error' },
        headers,
      );
    }
    if (endpoint === 'credit')
      return reply(response, 200, { code: 200, [say]: 'success', data: fake.balance });
    if (endpoint === 'createTask' || endpoint === 'generate') {
      return reply(response, 200, await createTask(endpoint, body, say));
    }
    const task = tasks.get(url.searchParams.get('taskId') ?? '');
    if (!task) return reply(response, 200, { code: 404, [say]: 'record not found' });
    return reply(response, 200, { code: 200, [say]: 'success', data: recordOf(task) });
  };

  const server = await startLocalServer(handle, (error) => ({ code: 500, msg: String(error) }));
  const fake: FakeKie = {
    url: server.url,
    apiKey: options.apiKey ?? `kie-test-${randomBytes(12).toString('hex')}`,
    png,
    mp4,
    requests: [],
    created: [],
    pendingPolls: options.pendingPolls ?? 2,
    slowMs: 2_000,
    balance: 1234.5,
    failNext(endpoint, failure) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), failure]);
    },
    close: server.close,
  };
  return fake;
}
