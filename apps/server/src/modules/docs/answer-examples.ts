import { type ApiEndpoint, RATE_LIMITS, SERVICE_COST, type Service } from '@conduit/contracts';
import { taskData } from '../provider/task-view.ts';
import type { TaskRow } from '../tasks/schema.ts';

const EXAMPLE_TASK_ID = 'task_7d2k9q4x1m8w3e6r';
const ENGINE = { name: 'kie', isDevelopmentEngine: false };
const CREATED_AT = new Date('2026-01-15T10:30:00.000Z');
const COMPLETED_AT = new Date('2026-01-15T10:30:18.400Z');

function resultOf(service: Service, serverUrl: string): Record<string, unknown> {
  const file = (extension: string) =>
    `${serverUrl}/files/${EXAMPLE_TASK_ID}/3f9a1c7e5b2d4086a1e7.${extension}`;
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

/** A task row as the server keeps it, so the example goes through the very view the server answers with. */
function exampleTask(service: Service, status: TaskRow['status'], serverUrl: string): TaskRow {
  const isDone = status === 'completed';
  return {
    id: EXAMPLE_TASK_ID,
    userId: 'usr_2m8q4x7k1w9e3r5t',
    apiKeyId: 'key_5t3r9e1w7k4x8q2m',
    service,
    status,
    cost: SERVICE_COST[service],
    creditsRefunded: 0,
    engine: ENGINE.name,
    request: {},
    result: isDone ? resultOf(service, serverUrl) : null,
    error: null,
    upstreamId: null,
    idempotencyKey: null,
    requestHash: null,
    callbackUrl: null,
    attempts: 1,
    nextCheckAt: null,
    deadlineAt: new Date(CREATED_AT.getTime() + 600_000),
    rating: null,
    createdAt: CREATED_AT,
    updatedAt: isDone ? COMPLETED_AT : CREATED_AT,
    completedAt: isDone ? COMPLETED_AT : null,
  };
}

/** Success answers of one endpoint, by status: what a call on the production engine answers. */
export function answerExamplesOf(endpoint: ApiEndpoint, serverUrl: string): Map<number, unknown> {
  if (!endpoint.service) {
    const data = {
      keyName: 'Production',
      balance: 480,
      tier: 'pro',
      limits: RATE_LIMITS.pro,
      remaining: { minute: 299, hour: 4_987, day: 49_870 },
      engine: { engine: ENGINE.name, isDevelopmentEngine: false },
    };
    return new Map([[200, { success: true, data }]]);
  }
  const answer = (status: TaskRow['status']) => ({
    success: true,
    data: taskData(exampleTask(endpoint.service as Service, status, serverUrl), ENGINE),
  });
  if (endpoint.mode === 'async') return new Map([[200, answer('processing')]]);
  if (endpoint.mode === 'sync') {
    return new Map([
      [200, answer('completed')],
      [202, answer('processing')],
    ]);
  }
  return new Map([[200, answer('completed')]]);
}

/** The body a callBackUrl receives when a video task completes. */
export const webhookExampleOf = (serverUrl: string) => ({
  type: 'task.completed',
  timestamp: COMPLETED_AT.toISOString().replace(/\.\d+Z$/, '.000Z'),
  data: taskData(exampleTask('video', 'completed', serverUrl), ENGINE),
});
