import { type ApiEndpoint, RATE_LIMITS, SERVICE_COST } from '@conduit/contracts';

/**
 * What a successful answer looks like, per endpoint: the shape the server's task view writes
 * (apps/server/src/modules/provider/task-view.ts), with sample values.
 */
export interface ExampleAnswer {
  status: number;
  note: string;
  body: Record<string, unknown>;
}

const TASK_ID = 'task_8k2m4q7w1x9c3v5b';
const CREATED = '2026-01-05T10:00:00.000Z';
const COMPLETED = '2026-01-05T10:00:07.400Z';
const ENGINE = { engine: 'kie', isDevelopmentEngine: false };

const accepted = (service: 'video' | 'sora', statusPath: string) => ({
  taskId: TASK_ID,
  status: 'processing',
  message: 'The task was accepted. Poll its status URL, or pass callBackUrl to be called when it settles.',
  creditsUsed: SERVICE_COST[service],
  timestamp: CREATED,
  statusUrl: `${statusPath}/${TASK_ID}`,
  engine: ENGINE,
});

const completedTask = (cost: number, result: Record<string, unknown>) => ({
  taskId: TASK_ID,
  status: 'completed',
  message: 'The task completed.',
  creditsUsed: cost,
  creditsCharged: cost,
  creditsRefunded: 0,
  timestamp: CREATED,
  completedAt: COMPLETED,
  processingTime: 7.4,
  ...result,
  engine: ENGINE,
});

const file = (baseUrl: string, name: string) => `${baseUrl}/files/${TASK_ID}/${name}`;

const linkedinAnswer = {
  profile: {
    username: 'satyanadella',
    name: 'Satya Nadella',
    headline: 'Chairman and CEO at Microsoft',
    followers: 11000000,
    profileUrl: 'https://www.linkedin.com/in/satyanadella',
  },
  posts: [
    {
      id: '7262549012345678901',
      url: 'https://www.linkedin.com/posts/satyanadella_7262549012345678901',
      text: 'What a week at Ignite...',
      postedAt: '2026-01-04T16:20:00.000Z',
      author: { name: 'Satya Nadella', username: 'satyanadella' },
      stats: { likes: 12840, comments: 412, reposts: 301 },
    },
  ],
  pagination_token: 'p5',
};

/** The sample answer of a catalogue endpoint; null for an endpoint this file does not know yet. */
export function exampleAnswer(endpoint: ApiEndpoint, baseUrl: string): ExampleAnswer | null {
  const ok = (body: Record<string, unknown>) => ({ success: true, data: body });
  switch (endpoint.id) {
    case 'generateImage':
      return {
        status: 200,
        note: `200 once the image is stored; 202 with the same shape and status "processing" if it takes longer than the wait.`,
        body: ok(
          completedTask(SERVICE_COST.image, { resultUrls: [file(baseUrl, '3f9a1c7e2b5d8f0a6c4e.png')] }),
        ),
      };
    case 'getImageStatus':
      return {
        status: 200,
        note: 'status is processing, completed (with resultUrls) or failed (with error; the credits are refunded).',
        body: ok(
          completedTask(SERVICE_COST.image, { resultUrls: [file(baseUrl, '3f9a1c7e2b5d8f0a6c4e.png')] }),
        ),
      };
    case 'createVideo':
      return {
        status: 200,
        note: 'The task is accepted at once; poll statusUrl or wait for your callBackUrl.',
        body: ok(accepted('video', '/api/provider/video/status')),
      };
    case 'removeSoraWatermark':
      return {
        status: 200,
        note: 'The task is accepted at once; poll statusUrl or wait for your callBackUrl.',
        body: ok(accepted('sora', '/api/provider/sora-watermark-remover/status')),
      };
    case 'getVideoStatus':
    case 'getSoraStatus':
    case 'removeSoraWatermarkSync': {
      const cost = endpoint.id === 'getVideoStatus' ? SERVICE_COST.video : SERVICE_COST.sora;
      const url = file(baseUrl, '9b2e4d6f8a0c1e3b5d7f.mp4');
      return {
        status: 200,
        note:
          endpoint.mode === 'sync'
            ? '200 once the video is ready; 202 with status "processing" and a statusUrl if it takes longer than the wait.'
            : 'status is processing, completed (with videoUrls) or failed (with error; the credits are refunded).',
        body: ok(completedTask(cost, { videoUrls: [url], resultUrls: [url] })),
      };
    }
    case 'scrapeLinkedin':
    case 'getLinkedinStatus':
      return {
        status: 200,
        note: 'pagination_token is null on the last page; send it back to get the next one.',
        body: ok(completedTask(SERVICE_COST.linkedin, linkedinAnswer)),
      };
    case 'getAccount':
      return {
        status: 200,
        note: 'remaining counts the requests left in the current minute, hour and day.',
        body: ok({
          keyName: 'Production',
          balance: 120,
          tier: 'free',
          limits: RATE_LIMITS.free,
          remaining: { minute: 59, hour: 998, day: 9975 },
          engine: ENGINE,
        }),
      };
    default:
      return null;
  }
}
