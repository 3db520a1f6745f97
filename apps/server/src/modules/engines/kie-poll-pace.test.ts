import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageInput } from '../../../test/engine-calls.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieEngineOn } from '../../../test/kie-engines.ts';
import { createTestDatabase } from '../../../test/test-runtime.ts';
import { type Engine, UpstreamPaced } from './engine.ts';
import { createUpstreamPace } from './upstream-pace.ts';

/*
 * kie.ai allows 10 record-info polls a second per key
 * (docs/upstreams.md, "Pacing kie.ai's polls"): two processes, each with its own pool, poll 30 running tasks as fast as they may, and
 * kie never sees more than 10 in a second, nor answers a 429.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fake: FakeKie;
const pools: pg.Pool[] = [];
const connectionsEnded: Array<Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeKie({ pendingPolls: 1_000_000 });
  fake.createLimit = 10_000;
  // kie's documented poll rate, 10 a second per key.
  fake.pollLimit = 10;
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await Promise.all(connectionsEnded);
  await database.drop();
  await fake.close();
});

/** One process: its own pool, its kie engine paced as production builds it (create-engine.ts). */
function process(): Engine {
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pool.on('connect', (client) => connectionsEnded.push(once(client, 'end')));
  pools.push(pool);
  const pollPace = createUpstreamPace({ upstream: 'kie-poll', limit: 10, windowMs: 1_100 }, { pool });
  return kieEngineOn({ KIE_API_KEY: fake.apiKey, KIE_BASE_URL: fake.url }, { pollPace });
}

/** The most polls kie saw in any `windowMs`. */
const busiestWindow = (times: number[], windowMs: number) =>
  Math.max(0, ...times.map((start) => times.filter((at) => at >= start && at < start + windowMs).length));

describe("kie.ai's poll rate", () => {
  it('two processes polling 30 tasks at once stay within 10 polls a second: no 429', async () => {
    const engines = [process(), process()];
    const started = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        engines[0]?.startJob(imageInput(`polled ${i}`), { taskId: `t${i}` }),
      ),
    );
    fake.pollTimes = [];
    fake.pollsRateLimited = 0;
    const until = Date.now() + 2_500;
    let paced = 0;
    await Promise.all(
      started.map(async (job, i) => {
        const engine = engines[i % 2] as Engine;
        while (Date.now() < until) {
          try {
            await engine.pollJob('image', job?.upstreamId as string, null, new Date());
          } catch (error) {
            if (!(error instanceof UpstreamPaced)) throw error;
            paced += 1;
            await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? 100));
          }
        }
      }),
    );
    expect(fake.pollsRateLimited).toBe(0);
    expect(busiestWindow(fake.pollTimes, 1_000)).toBeLessThanOrEqual(10);
    // The pace did hold polls back, and let them through as slots freed.
    expect(paced).toBeGreaterThan(0);
    expect(fake.pollTimes.length).toBeGreaterThanOrEqual(20);
  });
});
