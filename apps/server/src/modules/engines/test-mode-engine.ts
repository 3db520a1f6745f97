import type { Engine } from './engine.ts';
import { createLocalEngine } from './local-engine.ts';

/** How a test job's upstream id begins: its polls and cancels go to the test engine, never upstream. */
const TEST_JOB_PREFIX = 'test_';

/** The deployment's engine, with test keys' calls routed to a development engine of their own. */
export type ModeEngine = Engine & {
  /** Releases the test engine's workers (the live engine is closed by whoever made it). */
  closeTestEngine(): Promise<void>;
};

/**
 * Test mode (packages/contracts test-mode.ts): a test key's call is served by the development
 * engine whatever the deployment's engine is, so it never reaches an upstream. The runner names a
 * task's mode when it starts its job (`livemode: false`); the job's upstream id is kept with a
 * `test_` prefix, so its polls and cancels, in any process, go to the test engine too. Everything
 * else (names, channels, balances, the pool's accounts) is the live engine's.
 */
export function withTestMode(live: Engine, test: Engine = createLocalEngine()): ModeEngine {
  const isTestJob = (upstreamId: string) => upstreamId.startsWith(TEST_JOB_PREFIX);
  const testJobId = (upstreamId: string) => upstreamId.slice(TEST_JOB_PREFIX.length);
  // Every member of the live engine is the mode engine's, so a new one is never dropped; only the
  // calls a test job changes are routed below. `close` stays with whoever made the live engine.
  const { close: _closedByOwner, ...shared } = live;
  return {
    ...shared,
    async startJob(input, options) {
      if (options.livemode !== false) return live.startJob(input, options);
      const started = await test.startJob(input, options);
      // No channel and no upstream cost: nothing upstream ran or bills.
      return { upstreamId: `${TEST_JOB_PREFIX}${started.upstreamId}` };
    },
    pollJob(service, upstreamId, ...rest) {
      const [, startedAt, model] = rest;
      if (isTestJob(upstreamId)) return test.pollJob(service, testJobId(upstreamId), null, startedAt, model);
      return live.pollJob(service, upstreamId, ...rest);
    },
    async cancelJob(service, upstreamId, ...rest) {
      if (isTestJob(upstreamId)) return (await test.cancelJob?.(service, testJobId(upstreamId))) ?? 'stopped';
      return (await live.cancelJob?.(service, upstreamId, ...rest)) ?? 'unsupported';
    },
    async scrapeLinkedin(request, options) {
      if (options.livemode !== false) return live.scrapeLinkedin(request, options);
      const { profile, posts, paginationToken } = await test.scrapeLinkedin(request, options);
      return { profile, posts, paginationToken };
    },
    closeTestEngine: async () => {
      await test.close?.();
    },
  };
}
