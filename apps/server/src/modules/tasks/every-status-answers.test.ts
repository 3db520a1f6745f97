import * as contracts from '@conduit/contracts';
import {
  API_ENDPOINTS,
  ApiErrorAnswer,
  type AppRoute,
  appPath,
  callDetailPath,
  TASK_STATUSES,
  type TaskStatus,
  USAGE_ROUTES,
} from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { completeTask, refundTask } from './settle-task.ts';

/*
 * Every answer schema that lists task statuses must take every status the tasks table allows
 * (issue: one canceled call made `GET /api/usage` answer 500 for good, its schema knowing only
 * processing, completed and failed). The schemas are found by reading every route of the
 * contracts, so a new route that lists statuses is covered here or fails the first test; then a
 * task in each status of the table's enum goes through each of those routes for real.
 */

/** Values only a task status enum has (payments say `paid`, deliveries `succeeded`). */
const TASK_ONLY_STATUSES = ['completed', 'aborted'];

/** Every enum in a schema's JSON Schema that lists task statuses. */
function taskStatusEnums(node: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) for (const item of node) taskStatusEnums(item, found);
  else if (node && typeof node === 'object') {
    const values = (node as { enum?: unknown }).enum;
    if (Array.isArray(values) && values.some((value) => TASK_ONLY_STATUSES.includes(value as string))) {
      found.push(values);
    }
    for (const child of Object.values(node)) taskStatusEnums(child, found);
  }
  return found;
}

const isRoute = (value: unknown): value is AppRoute =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as AppRoute).method === 'string' &&
  typeof (value as AppRoute).path === 'string';

/** `METHOD path` of every declared route (cookie API and public API) with its answer schema. */
function declaredAnswers(): Map<string, z.ZodType> {
  const answers = new Map<string, z.ZodType>();
  for (const value of Object.values(contracts)) {
    const routes = isRoute(value) ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
    for (const route of routes) {
      if (isRoute(route) && route.response) answers.set(`${route.method} ${route.path}`, route.response);
    }
  }
  for (const endpoint of API_ENDPOINTS) answers.set(`${endpoint.method} ${endpoint.path}`, endpoint.response);
  // /v1 answers in OpenAI's own status words (queued, in_progress, completed, failed), onto which
  // openAIVideoOf maps every task status; its tests read a video in each of them.
  for (const route of [...answers.keys()]) if (route.split(' ')[1]?.startsWith('/v1/')) answers.delete(route);
  return answers;
}

const statusEnumsOf = (schema: z.ZodType) =>
  taskStatusEnums(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));

type Service = 'image' | 'video' | 'sora' | 'linkedin';
interface Made {
  service: Service;
  taskId: string;
  /** What the call was charged. */
  cost: number;
  /** The paid call that made the task, to replay with its Idempotency-Key. */
  post: { path: string; body: object; key: string };
}

/** The paid calls, one per POST route; the async ones leave their task processing (no worker here). */
const PAID_CALLS: Record<string, { service: Service; body: object; isSync: boolean }> = {
  '/api/provider/image': { service: 'image', body: { prompt: 'a fox' }, isSync: true },
  '/api/provider/video': { service: 'video', body: { prompt: 'a drone over hills' }, isSync: false },
  '/api/provider/sora-watermark-remover/sync': {
    service: 'sora',
    body: { video_url: 'https://sora.chatgpt.com/p/s_123' },
    isSync: true,
  },
  '/api/provider/sora-watermark-remover': {
    service: 'sora',
    body: { video_url: 'https://sora.chatgpt.com/p/s_456' },
    isSync: false,
  },
  '/api/provider/linkedin': { service: 'linkedin', body: { username: 'ada', limit: 2 }, isSync: true },
};

const STATUS_PATHS: Record<Service, string> = {
  image: '/api/provider/image/status/{taskId}',
  video: '/api/provider/video/status/{taskId}',
  sora: '/api/provider/sora-watermark-remover/status/{taskId}',
  linkedin: '/api/provider/linkedin/status/{taskId}',
};

/** What each route is asked in the HTTP test below: the test of coverage compares this to the contracts. */
const EXERCISED = [
  ...Object.keys(PAID_CALLS).map((path) => `POST ${path}`),
  ...Object.values(STATUS_PATHS).map((path) => `GET ${path}`),
  'GET /api/provider/tasks',
  'GET /api/provider/tasks/{taskId}',
  'POST /api/provider/tasks/{taskId}/cancel',
  `${USAGE_ROUTES.history.method} ${USAGE_ROUTES.history.path}`,
  `${USAGE_ROUTES.callDetail.method} ${USAGE_ROUTES.callDetail.path}`,
  `${USAGE_ROUTES.cancelCall.method} ${USAGE_ROUTES.cancelCall.path}`,
].sort();

describe('answer schemas that list task statuses', () => {
  it('list every status of the tasks table, and each of their routes is exercised below', () => {
    const listing = [...declaredAnswers()].filter(([, schema]) => statusEnumsOf(schema).length > 0);
    // The error answer names a settled task's status too (409 on a cancel).
    for (const [route, schema] of [...listing, ['error answer', ApiErrorAnswer] as const]) {
      for (const values of statusEnumsOf(schema))
        expect([...values].sort(), route).toEqual([...TASK_STATUSES].sort());
    }
    expect(listing.map(([route]) => route).sort()).toEqual(EXERCISED);
  });
});

describe('a task in every status', () => {
  const engine = createScriptedEngine();
  let runtime: TestRuntime;
  let account: PaidAccount;
  let cookie: string;
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' }, { engine });
    account = await createPaidAccount(runtime.services, { credits: 5_000, tier: 'enterprise' });
    cookie = await sessionCookieFor(runtime.services, account.userId);
  });
  afterAll(() => runtime.close());

  const answers = declaredAnswers();
  const request = async (
    method: 'GET' | 'POST',
    route: string,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const answer = await runtime.app.inject({ method, url, headers, ...(payload && { payload }) });
    const schema = answers.get(route);
    if (!schema) throw new Error(`no answer schema for ${route}`);
    return { answer, parse: () => schema.parse(answer.json()) };
  };

  /** A paid call's task, brought to `status` by the settles the runner itself uses. */
  async function taskIn(status: TaskStatus, path: string, index: number): Promise<Made> {
    const call = PAID_CALLS[path] as (typeof PAID_CALLS)[string];
    const key = `every-status-${status}-${index}`;
    const first = await runtime.app.inject({
      method: 'POST',
      url: path,
      headers: { 'x-api-key': account.key, 'idempotency-key': key },
      payload: call.body,
    });
    expect(first.statusCode, first.body).toBeLessThan(300);
    const taskId = first.json().data.taskId as string;
    const cost = Number(first.headers['x-credits-charged']);
    // A sync call completed while it answered; for another status its row is set back to how it
    // stood while running, and settled from there.
    if (call.isSync && status === 'completed')
      return { service: call.service, taskId, cost, post: { path, body: call.body, key } };
    if (call.isSync) {
      await runtime.services.pool.query(
        `update tasks set status = 'processing', result = null, completed_at = null, results_expire_at = null where id = $1`,
        [taskId],
      );
    }
    const settler = { db: runtime.services.db, engine };
    if (status === 'completed') {
      const result = { resultUrls: ['https://files.example.com/one.mp4'] };
      expect(await completeTask(settler, taskId, result)).toBeDefined();
    } else if (status !== 'processing') {
      expect(
        await refundTask(settler, taskId, status, status === 'failed' ? 'The model refused' : null),
      ).toBeDefined();
    }
    return { service: call.service, taskId, cost, post: { path, body: call.body, key } };
  }

  it.each(TASK_STATUSES)('a %s task answers through every route that lists statuses', async (status) => {
    const made = await Promise.all(Object.keys(PAID_CALLS).map((path, index) => taskIn(status, path, index)));
    const ids = new Set(made.map((task) => task.taskId));
    const headers = { 'x-api-key': account.key };
    const signedIn = { cookie };

    for (const task of made) {
      // The paid call again with its Idempotency-Key answers the task as it stands (a sync call
      // still processing would wait for it: that answer is the status route's, read below).
      if (!(status === 'processing' && PAID_CALLS[task.post.path]?.isSync)) {
        const replay = await request(
          'POST',
          `POST ${task.post.path}`,
          task.post.path,
          { ...headers, 'idempotency-key': task.post.key },
          task.post.body,
        );
        expect(replay.answer.headers['idempotent-replayed']).toBe('true');
        const refunded = status === 'processing' || status === 'completed' ? 0 : task.cost;
        expect(replay.answer.headers['x-credits-refunded']).toBe(String(refunded));
        if (status === 'failed' && PAID_CALLS[task.post.path]?.isSync) {
          // A sync call that failed answers the error naming its task and its refund.
          expect(replay.answer.statusCode).toBe(502);
          expect(ApiErrorAnswer.parse(replay.answer.json())).toMatchObject({
            taskId: task.taskId,
            creditsRefunded: task.cost,
          });
        } else expect(replay.parse()).toMatchObject({ data: { taskId: task.taskId, status } });
      }
      const statusPath = STATUS_PATHS[task.service];
      const polled = await request(
        'GET',
        `GET ${statusPath}`,
        statusPath.replace('{taskId}', task.taskId),
        headers,
      );
      expect(polled.answer.statusCode, polled.answer.body).toBe(200);
      expect(polled.parse()).toMatchObject({ data: { taskId: task.taskId, status } });
      const one = await request(
        'GET',
        'GET /api/provider/tasks/{taskId}',
        `/api/provider/tasks/${task.taskId}`,
        headers,
      );
      expect(one.parse()).toMatchObject({ data: { taskId: task.taskId, status } });
      const detail = await request(
        'GET',
        `GET ${USAGE_ROUTES.callDetail.path}`,
        callDetailPath(task.taskId),
        signedIn,
      );
      expect(detail.answer.statusCode, detail.answer.body).toBe(200);
      expect(detail.parse()).toMatchObject({ taskId: task.taskId, status });
    }

    const list = await request('GET', 'GET /api/provider/tasks', '/api/provider/tasks?limit=100', headers);
    expect(list.answer.statusCode, list.answer.body).toBe(200);
    const listed = (list.parse() as { data: { taskId: string; status: string }[] }).data.filter((task) =>
      ids.has(task.taskId),
    );
    expect(listed.map((task) => task.status)).toEqual(made.map(() => status));

    const usage = await request(
      'GET',
      `GET ${USAGE_ROUTES.history.path}`,
      `${appPath('usage')}?limit=10`,
      signedIn,
    );
    expect(usage.answer.statusCode, usage.answer.body).toBe(200);
    const items = (usage.parse() as { items: { taskId: string; status: string }[] }).items.filter((item) =>
      ids.has(item.taskId),
    );
    expect(items.map((item) => item.status)).toEqual(made.map(() => status));

    // The cancels last (a processing task is canceled by them): a settled task answers 409 with
    // its status, a processing one the cancel's answer.
    const [byKey, bySession] = made;
    for (const [task, route, url, asked] of [
      [
        byKey,
        'POST /api/provider/tasks/{taskId}/cancel',
        `/api/provider/tasks/${byKey?.taskId}/cancel`,
        headers,
      ],
      [
        bySession,
        `POST ${USAGE_ROUTES.cancelCall.path}`,
        appPath('cancelCall', { taskId: bySession?.taskId ?? '' }),
        signedIn,
      ],
    ] as const) {
      const cancel = await request('POST', route, url, asked);
      if (status === 'processing') {
        expect(cancel.answer.statusCode, cancel.answer.body).toBe(200);
        const body = cancel.parse() as { taskId: string } | { data: { taskId: string } };
        expect('data' in body ? body.data.taskId : body.taskId).toBe(task?.taskId);
      } else {
        expect(cancel.answer.statusCode, cancel.answer.body).toBe(409);
        const refusal = cancel.answer.json();
        // The public API's errors are its one error shape; the cookie API's carry the same fields.
        expect(
          route.startsWith('POST /api/provider') ? ApiErrorAnswer.parse(refusal) : refusal,
        ).toMatchObject({
          taskStatus: status,
        });
      }
    }
  });
});
