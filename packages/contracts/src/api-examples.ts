import { WEBHOOK_TEXTS } from './alerts.ts';
import type { ApiEndpointDoc } from './api-reference.ts';
import type { EventType } from './event-types.ts';
import {
  DEFAULT_RESULT_RETENTION_DAYS,
  QUOTE_VALID_S,
  RATE_LIMITS,
  SERVICE_COST,
  type Service,
  TASK_DEADLINE_S,
  type TaskStatus,
} from './services.ts';
import { type AnsweringEngine, acceptedTaskData, taskData } from './task-answers.ts';

/**
 * Sample success answers of the public API, the same in the docs pages and the OpenAPI document.
 * Task answers are built by the functions the server answers with (task-answers.ts).
 */
export interface ApiAnswerExample {
  status: 200 | 202;
  /** One line for the docs: when this answer comes, and what to look at in it. */
  note: string;
  body: {
    success: true;
    data: Record<string, unknown> | Record<string, unknown>[];
    nextCursor?: string | null;
  };
}

const TASK_ID = 'task_7d2k9q4x1m8w3e6r';
const CREATED_AT = new Date('2026-01-15T10:30:00.000Z');
const COMPLETED_AT = new Date('2026-01-15T10:30:18.400Z');
const EXPIRES_AT = new Date(COMPLETED_AT.getTime() + DEFAULT_RESULT_RETENTION_DAYS * 86_400_000);
const ENGINE: AnsweringEngine = { name: 'kie', isDevelopmentEngine: false };

function resultOf(service: Service, baseUrl: string): Record<string, unknown> {
  const file = (extension: string) => `${baseUrl}/files/${TASK_ID}/3f9a1c7e5b2d4086a1e7.${extension}`;
  if (service === 'image') return { resultUrls: [file('png')] };
  if (service !== 'linkedin') return { videoUrls: [file('mp4')], resultUrls: [file('mp4')] };
  return {
    profile: {
      username: 'satyanadella',
      name: 'Satya Nadella',
      headline: 'Chairman and CEO at Microsoft',
      location: 'Redmond, Washington',
      followers: 11_000_000,
      profileUrl: 'https://www.linkedin.com/in/satyanadella',
    },
    posts: [
      {
        id: '7281234567890123456',
        url: 'https://www.linkedin.com/feed/update/urn:li:activity:7281234567890123456',
        text: 'Excited to share what our teams shipped this week.',
        postedAt: '2026-01-14T16:02:00.000Z',
        author: { name: 'Satya Nadella', username: 'satyanadella' },
        stats: { likes: 5120, comments: 312, reposts: 204 },
      },
    ],
    pagination_token: 'p5',
  };
}

/** The docs' sample of a task of `service` in `status`, as the status endpoints and the task list show it. */
export const exampleTaskData = (service: Service, status: TaskStatus, baseUrl: string) => {
  const isDone = status === 'completed';
  return taskData(
    {
      id: TASK_ID,
      service,
      status,
      cost: SERVICE_COST[service],
      creditsRefunded: 0,
      result: isDone ? resultOf(service, baseUrl) : null,
      error: null,
      createdAt: CREATED_AT,
      completedAt: isDone ? COMPLETED_AT : null,
      deadlineAt: new Date(CREATED_AT.getTime() + TASK_DEADLINE_S[service] * 1000),
      resultsExpireAt: isDone && service !== 'linkedin' ? EXPIRES_AT : null,
    },
    ENGINE,
  );
};

const ok = (data: Record<string, unknown>) => ({ success: true as const, data });

/** A page of the request log: a refused call, then the accepted one after it. */
const REQUEST_LOG_EXAMPLE: ApiAnswerExample = {
  status: 200,
  note: 'Newest first; a refused request has its code and error. Pass nextCursor as cursor for the next page (null on the last).',
  body: {
    success: true,
    data: [
      {
        requestId: 'req_4m9x2k7q1w8e3r6t',
        at: '2026-01-15T10:30:00.000Z',
        method: 'POST',
        endpoint: '/api/provider/video',
        service: 'video',
        status: 200,
        code: null,
        error: null,
        durationMs: 7.4,
        taskId: TASK_ID,
        keyId: 'key_3n8v1c6x0z5b2m7q',
        keyName: 'Production',
        ip: '203.0.113.7',
        metadata: { customer: 'acme' },
      },
      {
        requestId: 'req_9p2w5e8r1t4y7u0i',
        at: '2026-01-15T10:29:41.000Z',
        method: 'POST',
        endpoint: '/api/provider/video',
        service: 'video',
        status: 402,
        code: 'INSUFFICIENT_CREDITS',
        error: 'Insufficient credits: 10 required, 4 available',
        durationMs: 3.1,
        taskId: null,
        keyId: 'key_3n8v1c6x0z5b2m7q',
        keyName: 'Production',
        ip: '203.0.113.7',
        metadata: {},
      },
    ],
    nextCursor: 'MjAyNi0wMS0xNSAxMDoyOTo0MXwxMjM0',
  },
};

/** One model of `GET /api/provider/models` (the server lists every enabled one, models.ts). */
const MODELS_EXAMPLE: ApiAnswerExample = {
  status: 200,
  note: "Each enabled model: send its id as the body's model; requestSchema is its body as JSON Schema, credits its price now (of its default body), variants the price of each body value that changes it.",
  body: {
    success: true,
    data: [
      {
        id: 'kling-2.6',
        service: 'video',
        name: 'Kling 2.6',
        credits: 12,
        variants: [
          { variant: '5s', label: '5 s', when: { duration: 5, sound: false }, credits: 12 },
          { variant: '10s', label: '10 s', when: { duration: 10, sound: false }, credits: 16 },
          { variant: '5s-sound', label: '5 s, with sound', when: { duration: 5, sound: true }, credits: 16 },
          {
            variant: '10s-sound',
            label: '10 s, with sound',
            when: { duration: 10, sound: true },
            credits: 26,
          },
        ],
        isDefault: false,
        capabilities: ['text-to-video', 'audio'],
        maxDurationS: TASK_DEADLINE_S.video,
        requestSchema: {
          type: 'object',
          properties: {
            model: { type: 'string', const: 'kling-2.6' },
            prompt: { type: 'string', minLength: 1, maxLength: 1000 },
            aspect_ratio: { type: 'string', enum: ['16:9', '9:16', '1:1'], default: '16:9' },
            duration: {
              anyOf: [
                { type: 'number', const: 5 },
                { type: 'number', const: 10 },
              ],
              default: 5,
            },
            sound: { type: 'boolean', default: false },
          },
          required: ['model', 'prompt'],
          additionalProperties: false,
        },
      },
    ],
  },
};

const STATUS_NOTE = (resultField: string) =>
  `status is processing, completed (with ${resultField}) or failed (with error; the credits are refunded).`;
const SYNC_NOTE = '200 once the work is done; 202 with status "processing" if it takes longer than the wait.';
const LINKEDIN_NOTE = 'pagination_token is null on the last page; send it back to get the next one.';
/** The note of a service's 200 answer, for the endpoint that waits and for its status endpoint. */
const NOTES: Record<Service, { sync?: string; status: string }> = {
  image: {
    sync: '200 once the image is stored; 202 with the same shape and status "processing" if it takes longer than the wait.',
    status: STATUS_NOTE('resultUrls'),
  },
  video: { status: STATUS_NOTE('videoUrls') },
  sora: {
    sync: '200 once the video is ready; 202 with status "processing" and a statusUrl if it takes longer than the wait.',
    status: STATUS_NOTE('videoUrls'),
  },
  linkedin: { sync: LINKEDIN_NOTE, status: LINKEDIN_NOTE },
};

const USAGE_BY_METADATA_EXAMPLE: ApiAnswerExample = {
  status: 200,
  note: 'One row per value of the key, most credits first; credits are charged less refunded, and the calls without the key are under value null.',
  body: {
    success: true,
    data: [
      { value: 'acme', calls: 42, credits: 96 },
      { value: 'globex', calls: 7, credits: 15 },
      { value: null, calls: 3, credits: 3 },
    ],
  } as never,
};

/** An endpoint's success answers, the 200 first; the endpoints that wait also answer 202. */
export function answerExamples(
  endpoint: Pick<ApiEndpointDoc, 'id' | 'service' | 'mode'>,
  baseUrl: string,
): ApiAnswerExample[] {
  const { service } = endpoint;
  if (endpoint.id === 'listRequests') return [REQUEST_LOG_EXAMPLE];
  if (endpoint.id === 'listModels') return [MODELS_EXAMPLE];
  if (endpoint.id === 'getUsage') return [USAGE_BY_METADATA_EXAMPLE];
  if (endpoint.id === 'listEvents') {
    return [
      {
        status: 200,
        note: 'Newest first; each event is the body its webhooks carried, with the id they carried as webhook-id. Pass nextCursor as cursor for older events.',
        body: {
          success: true,
          data: [{ id: EVENT_ID, ...webhookExample(baseUrl), isTest: false }] as never,
          nextCursor: null,
        } as never,
      },
    ];
  }
  const tasksTab = tasksTabExample(endpoint.mode, baseUrl);
  if (tasksTab) return [tasksTab];
  if (!service) {
    const account = {
      keyName: 'Production',
      workspace: { id: 'team_8f2kq0w1n5x7c3vd', kind: 'team', name: 'Acme' },
      balance: 480,
      tier: 'pro',
      limits: RATE_LIMITS.pro,
      remaining: { minute: 299, hour: 4_987, day: 49_870 },
      key: {
        permissions: ['image', 'video'],
        spendLimit: { credits: 500, period: 'month' },
        spent: 120,
        spentResetsAt: '2026-12-01T00:00:00.000Z',
        rateLimitPerMinute: null,
        expiresAt: null,
      },
      engine: { engine: ENGINE.name, isDevelopmentEngine: ENGINE.isDevelopmentEngine },
      livemode: true,
    };
    return [
      {
        status: 200,
        note: "workspace names who pays for the key (a team, or personal with name null); remaining counts the requests left in the current minute, hour and day; key is the key's own controls and what its budget has spent.",
        body: ok(account),
      },
    ];
  }
  if (endpoint.mode === 'async') {
    const accepted = acceptedTaskData(
      { taskId: TASK_ID, service, at: CREATED_AT, cost: SERVICE_COST[service] },
      ENGINE,
    );
    return [
      {
        status: 200,
        note: 'The task is accepted at once; poll statusUrl or wait for your callBackUrl.',
        body: ok(accepted),
      },
    ];
  }
  const completed = ok(exampleTaskData(service, 'completed', baseUrl));
  if (endpoint.mode === 'status') return [{ status: 200, note: NOTES[service].status, body: completed }];
  return [
    { status: 200, note: NOTES[service].sync ?? SYNC_NOTE, body: completed },
    {
      status: 202,
      note: 'The wait ended first: the task is still processing, and was charged. Poll its statusUrl.',
      body: ok(exampleTaskData(service, 'processing', baseUrl)),
    },
  ];
}

/** The sample answers of the tasks tab: the list, one task, a cancel, a quote. */
function tasksTabExample(mode: ApiEndpointDoc['mode'], baseUrl: string): ApiAnswerExample | undefined {
  const completed = exampleTaskData('video', 'completed', baseUrl);
  if (mode === 'list') {
    return {
      status: 200,
      note: 'Newest first; nextCursor is null on the last page, else pass it as cursor.',
      body: {
        success: true,
        data: [completed] as never,
        nextCursor: 'MjAyNi0wMS0xNSAxMDozMDowMHx0YXNr',
      } as never,
    };
  }
  if (mode === 'task') return { status: 200, note: STATUS_NOTE('its result'), body: ok(completed) };
  if (mode === 'cancel') {
    return {
      status: 200,
      note: 'outcome says what happened: canceled (refunded now), cancel_requested (refunded when the upstream confirms) or continues (it runs to its end, charged).',
      body: ok({
        taskId: TASK_ID,
        status: 'canceled',
        outcome: 'canceled',
        creditsRefunded: SERVICE_COST.video,
        message: 'The task was canceled before it started upstream; its credits were refunded.',
      }),
    };
  }
  if (mode === 'quote') {
    return {
      status: 200,
      note: 'Nothing is charged. Send quoteId with the call before expiresAt to pay this price.',
      body: ok({
        credits: SERVICE_COST.video,
        quoteId: 'quo_4n8c2v6b1x9z3m7k',
        expiresAt: new Date(CREATED_AT.getTime() + QUOTE_VALID_S * 1000).toISOString(),
      }),
    };
  }
  return undefined;
}

const EVENT_ID = 'evt_4m9x2k7q1w8e3r6t';
const WORKSPACE_ID = 'team_8f2kq0w1n5x7c3vd';

/**
 * Sample `data` of each event type: what a test event (`conduit trigger`, the Webhooks page)
 * carries, and the OpenAPI document's webhook examples.
 */
export function eventSampleData(
  type: EventType,
  workspaceId: string,
  baseUrl: string,
): Record<string, unknown> {
  const expiresAt = new Date(CREATED_AT.getTime() + 7 * 86_400_000).toISOString();
  switch (type) {
    case 'task.started':
      return acceptedTaskData(
        { taskId: TASK_ID, service: 'video', at: CREATED_AT, cost: SERVICE_COST.video },
        ENGINE,
      );
    case 'task.completed':
      return exampleTaskData('video', 'completed', baseUrl);
    case 'task.failed':
      return { ...exampleTaskData('video', 'failed', baseUrl), error: 'The model refused the prompt' };
    case 'task.canceled':
      return exampleTaskData('video', 'canceled', baseUrl);
    case 'balance.low':
      return {
        workspaceId,
        balance: 42,
        threshold: 50,
        creditsSpentLast7Days: 140,
        creditsPerDay: 20,
        daysLeft: 2,
      };
    case 'payment.succeeded':
      return {
        workspaceId,
        paymentId: 'pay_2n8v5c1x7z3b9m4k',
        kind: 'checkout',
        credits: 500,
        amountCents: 2500,
        currency: 'usd',
      };
    case 'auto_topup.failed':
      return {
        workspaceId,
        paymentId: 'pay_6h3j9k2l5p8q1w4e',
        message: 'Your card was declined.',
        failuresInARow: 1,
        isTurnedOff: false,
      };
    case 'key.expiring':
      return { workspaceId, keyId: 'key_5t8y1u4i7o2p9a3s', keyName: 'Production', expiresAt };
    case 'webhook.test':
      return { workspaceId, message: WEBHOOK_TEXTS.testMessage };
  }
}

/** One event's body as its webhooks carry it, for the OpenAPI document. */
export const eventExample = (type: EventType, baseUrl: string) => ({
  type,
  timestamp: COMPLETED_AT.toISOString(),
  data: eventSampleData(type, WORKSPACE_ID, baseUrl),
});

/** The body a callBackUrl receives when a video task completes. */
export const webhookExample = (baseUrl: string) => ({
  type: 'task.completed',
  timestamp: COMPLETED_AT.toISOString().replace(/\.\d+Z$/, '.000Z'),
  data: exampleTaskData('video', 'completed', baseUrl),
});
