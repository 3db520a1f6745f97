import { IMAGE_SIZES, MODEL_IDS, SERVICE_COST, type Service, VIDEO_ASPECT_RATIOS } from '@conduit/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlGuard, type UrlGuard } from '../../src/modules/provider/check-input-urls.ts';
import { linkedinPriceOf } from '../../src/modules/provider/prices.ts';
import { createPaidAccount, type PaidAccount } from '../paid-account.ts';
import { createSteadyEngine } from '../steady-engine.ts';
import { createTestRuntime, type TestRuntime } from '../test-runtime.ts';
import {
  assertWellFormedAnswer,
  type Endpoint,
  FUZZ_SEED,
  fuzzOptions,
  hostileRequest,
  jsonOf,
  runsOf,
  send,
} from './fuzz-harness.ts';
import { hostileString, hostileUrl, type KnownIds } from './hostile-input.ts';
import { findBrokenInvariants, moneyOf } from './invariants.ts';

const RICH_CREDITS = 1_000_000;
const hostileMetadata = fc.oneof(
  fc.dictionary(hostileString, hostileString, { maxKeys: 55 }),
  fc.dictionary(fc.string({ maxLength: 45 }), fc.string({ maxLength: 505 }), { maxKeys: 52 }),
  fc.anything(),
);

const PAID: Array<Endpoint & { service: Service }> = [
  {
    service: 'image',
    method: 'POST',
    path: '/api/provider/image',
    body: { prompt: 'A lighthouse at dusk', output_format: 'png', image_size: '16:9' },
    fields: {
      image_size: fc.constantFrom(...IMAGE_SIZES),
      image_urls: fc.array(hostileUrl, { maxLength: 11 }),
      callBackUrl: hostileUrl,
      prompt: fc.oneof(hostileString, fc.constant('x'.repeat(5_000))),
      // Stripe's limits or past them, or not an object of strings at all: kept, or a 400 naming it.
      metadata: hostileMetadata,
      // Another model with this body's fields, a video model, or no model at all: a 400 naming it.
      model: fc.oneof(hostileString, fc.constantFrom(...MODEL_IDS)),
    },
  },
  {
    service: 'video',
    method: 'POST',
    path: '/api/provider/video',
    body: { prompt: 'A drone over hills', model: 'fast', aspectRatio: '16:9', seeds: 12_345, watermark: 'w' },
    fields: {
      aspectRatio: fc.constantFrom(...VIDEO_ASPECT_RATIOS),
      seeds: fc.integer({ min: 9_990, max: 100_010 }),
      imageUrls: fc.array(hostileUrl, { maxLength: 3 }),
      callBackUrl: hostileUrl,
      enableFallback: fc.boolean(),
      model: fc.oneof(hostileString, fc.constantFrom(...MODEL_IDS)),
    },
  },
  {
    service: 'sora',
    method: 'POST',
    path: '/api/provider/sora-watermark-remover',
    body: { video_url: 'https://sora.chatgpt.com/p/s_123' },
    fields: { video_url: hostileUrl, callBackUrl: hostileUrl, metadata: hostileMetadata },
  },
  {
    service: 'sora',
    method: 'POST',
    path: '/api/provider/sora-watermark-remover/sync',
    body: { video_url: 'https://sora.chatgpt.com/p/s_456' },
    fields: { video_url: hostileUrl },
  },
  {
    service: 'linkedin',
    method: 'POST',
    path: '/api/provider/linkedin',
    body: { username: 'satyanadella', limit: 5, page_number: 1 },
    fields: {
      limit: fc.integer({ min: -2, max: 102 }),
      page_number: fc.integer({ min: -2, max: 2 ** 31 + 1 }),
      total_posts: fc.integer({ min: -1, max: 10_001 }),
      pagination_token: hostileString,
    },
  },
];

const READS: Endpoint[] = [
  { method: 'GET', path: '/api/provider/image/status/:taskId' },
  { method: 'GET', path: '/api/provider/video/status/:taskId' },
  { method: 'GET', path: '/api/provider/sora-watermark-remover/status/:taskId' },
  { method: 'GET', path: '/api/provider/linkedin/status/:taskId' },
  { method: 'GET', path: '/api/provider/me' },
  { method: 'GET', path: '/api/provider/requests' },
  { method: 'GET', path: '/api/provider/usage' },
  { method: 'GET', path: '/api/provider/tasks' },
  { method: 'GET', path: '/api/provider/:taskId' },
];

describe(`public API under hostile requests (fast-check seed ${FUZZ_SEED})`, () => {
  let runtime: TestRuntime;
  let rich: PaidAccount;
  let broke: PaidAccount;
  const known: KnownIds = { taskId: ['task_nope'] };
  const chargedTasks = new Set<string>();
  let keyOwners: Map<string, PaidAccount>;
  let urlGuard: UrlGuard;

  beforeAll(async () => {
    // Names resolve nowhere except one that points at loopback, where nothing listens on port 80.
    urlGuard = createUrlGuard({
      resolve: async (host) => (host === 'images.fuzz.test' ? ['127.0.0.1'] : []),
      allowedAddresses: ['127.0.0.1'],
    });
    runtime = await createTestRuntime({}, { engine: createSteadyEngine(), urlGuard });
    rich = await createPaidAccount(runtime.services, { credits: RICH_CREDITS, label: 'rich' });
    broke = await createPaidAccount(runtime.services, { credits: 0, label: 'broke' });
    // The fuzzer sends thousands of calls a minute: rate limits would answer most of them before validation.
    await runtime.services.pool.query(
      "update workspaces set tier = 'enterprise', rate_limit_per_minute = 1000000, rate_limit_per_hour = 1000000, rate_limit_per_day = 1000000",
    );
    keyOwners = new Map([
      [rich.key, rich],
      [broke.key, broke],
    ]);
  });
  afterAll(async () => {
    await runtime.close();
    await urlGuard.close();
  });

  const credentials = () => ({
    header: 'x-api-key' as const,
    valid: fc.constantFrom(rich.key, rich.key, rich.key, broke.key).map((key) => ({ 'x-api-key': key })),
  });

  it.each(PAID)(
    '$method $path: never a 5xx, errors in shape, charged exactly when accepted',
    async (endpoint) => {
      // LinkedIn is priced by the posts asked for (an accepted body is valid JSON); the rest by service.
      const costOf = (payload: unknown) =>
        endpoint.service === 'linkedin'
          ? linkedinPriceOf(runtime.services.config, JSON.parse(String(payload))).credits
          : SERVICE_COST[endpoint.service];
      await fc.assert(
        fc.asyncProperty(
          hostileRequest(endpoint, known, credentials(), runtime.services.config.PUBLIC_URL),
          async (request) => {
            const caller = keyOwners.get(request.headers['x-api-key'] ?? '');
            const before = await Promise.all([
              moneyOf(runtime.services.pool, rich.userId),
              moneyOf(runtime.services.pool, broke.userId),
            ]);
            const response = await send(runtime.app, request);
            assertWellFormedAnswer(request, response);
            const after = await Promise.all([
              moneyOf(runtime.services.pool, rich.userId),
              moneyOf(runtime.services.pool, broke.userId),
            ]);
            const taskId =
              response.statusCode < 300
                ? (jsonOf(response)?.data as { taskId?: string } | undefined)?.taskId
                : undefined;
            const isNewCharge = taskId !== undefined && !chargedTasks.has(taskId);
            if (taskId) {
              chargedTasks.add(taskId);
              known.taskId?.push(taskId);
            }
            for (const [index, account] of [rich, broke].entries()) {
              const expected = { ...before[index] } as { balance: number; tasks: number; entries: number };
              if (isNewCharge && caller === account) {
                expected.balance -= costOf(request.payload);
                expected.tasks += 1;
                expected.entries += 1;
              }
              expect(
                after[index],
                `${account === rich ? 'rich' : 'broke'} account after ${response.statusCode} ${response.body.slice(0, 200)}`,
              ).toEqual(expected);
            }
          },
        ),
        fuzzOptions(runsOf(150)),
      );
    },
    120_000,
  );

  it.each(READS)(
    '$method $path: never a 5xx, errors in shape, nothing charged',
    async (endpoint) => {
      await fc.assert(
        fc.asyncProperty(
          hostileRequest(endpoint, known, credentials(), runtime.services.config.PUBLIC_URL),
          async (request) => {
            const before = await moneyOf(runtime.services.pool, rich.userId);
            const response = await send(runtime.app, request);
            assertWellFormedAnswer(request, response);
            expect(await moneyOf(runtime.services.pool, rich.userId)).toEqual(before);
          },
        ),
        fuzzOptions(runsOf(60)),
      );
    },
    120_000,
  );

  it('left every balance equal to its ledger, every task with its debit and no orphan rows', async () => {
    expect(chargedTasks.size).toBeGreaterThan(20);
    expect(await findBrokenInvariants(runtime.services.pool)).toEqual({});
    const { rows } = await runtime.services.pool.query(
      'select coalesce(sum(cost), 0)::int as spent from tasks where workspace_id = $1',
      [rich.userId],
    );
    expect((await moneyOf(runtime.services.pool, rich.userId)).balance).toBe(RICH_CREDITS - rows[0].spent);
    expect((await moneyOf(runtime.services.pool, broke.userId)).balance).toBe(0);
  });
});
