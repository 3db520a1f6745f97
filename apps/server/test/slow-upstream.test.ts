import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVICE_COST } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrokenInvariants } from './fuzz/invariants.ts';
import { createPaidAccount, ledgerCheck, type PaidAccount } from './paid-account.ts';
import { createSteadyEngine } from './steady-engine.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from './test-runtime.ts';

const CALLS = 5_000;
const ACCOUNTS = 20;
const UPSTREAM_DELAY_MS = 5_000;
const CREDITS_EACH = 300;
const MB = 1024 * 1024;
/**
 * What 5,000 calls waiting on the upstream may cost the server process (sockets, requests,
 * replies, their promises and timers; the client runs in a process of its own): measured at
 * about 290 MB of RSS and 190 MB of heap above the start (bench/README.md, "Slow upstream"), about
 * 60 KB and 40 KB a call; the bounds allow about twice that for a slower or busier machine. A
 * server that buffered per call (a pooled connection, a copy of the result, a retry loop) or
 * leaked would exceed them.
 */
const MAX_RSS_GROWTH_MB = 600;
const MAX_HEAP_GROWTH_MB = 400;

interface Sample {
  atMs: number;
  rssMb: number;
  heapMb: number;
  upstreamInFlight: number;
  requestsInFlight: number;
  poolCheckedOut: number;
  poolWaiting: number;
}

/** Connections the process's background writers may hold at a sample (request log, jobs). */
const BACKGROUND_CONNECTIONS = 2;

describe('a slow upstream', () => {
  let runtime: TestRuntime;
  let engine: ReturnType<typeof createSteadyEngine>;
  let baseUrl: string;
  let accounts: PaidAccount[];
  let requestsInFlight = 0;
  let maxRequestsInFlight = 0;

  beforeAll(async () => {
    engine = createSteadyEngine({ delayMs: UPSTREAM_DELAY_MS });
    // One API process (no task pump): each sync call drives its own task, as on a ROLE=api machine.
    runtime = await createTestRuntime({ ROLE: 'api' }, { engine });
    runtime.app.addHook('onRequest', async () => {
      requestsInFlight += 1;
      maxRequestsInFlight = Math.max(maxRequestsInFlight, requestsInFlight);
    });
    runtime.app.addHook('onResponse', async () => {
      requestsInFlight -= 1;
    });
    baseUrl = await listenLocally(runtime, { backlog: 4_096 });
    accounts = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      accounts.push(
        await createPaidAccount(runtime.services, { credits: CREDITS_EACH, label: `slow${index}` }),
      );
    }
    await runtime.services.pool.query(
      "update workspaces set tier = 'enterprise', rate_limit_per_minute = 100000, rate_limit_per_hour = 100000, rate_limit_per_day = 100000",
    );
  }, 120_000);
  afterAll(() => runtime.close());

  it(`answers ${CALLS} sync calls held ${UPSTREAM_DELAY_MS / 1000} s each upstream, all at once, with bounded memory and no pooled connection held`, async () => {
    const pool = runtime.services.pool;
    const client = spawn(process.execPath, [
      fileURLToPath(new URL('./slow-upstream-client.ts', import.meta.url)),
      JSON.stringify({ baseUrl, keys: accounts.map((account) => account.key), calls: CALLS }),
    ]);
    client.stderr.pipe(process.stderr);
    const lines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('warm');

    const samples: Sample[] = [];
    const baseline = process.memoryUsage();
    const startedAt = Date.now();
    const sample = () => {
      const memory = process.memoryUsage();
      samples.push({
        atMs: Date.now() - startedAt,
        rssMb: memory.rss / MB,
        heapMb: memory.heapUsed / MB,
        upstreamInFlight: engine.stats.inFlight,
        requestsInFlight,
        poolCheckedOut: pool.totalCount - pool.idleCount,
        poolWaiting: pool.waitingCount,
      });
    };
    const sampler = setInterval(sample, 100);
    client.stdin.write('go\n');
    const result = JSON.parse((await lines.next()).value as string) as {
      elapsedMs: number;
      statuses: Record<string, number>;
      completed: number;
      distinctTasks: number;
    };
    clearInterval(sampler);
    sample();

    const plateau = samples.filter((s) => s.upstreamInFlight >= CALLS * 0.98);
    const firstOnPlateau = samples.findIndex((s) => s.upstreamInFlight >= CALLS * 0.98);
    const peakRssMb = Math.max(...samples.map((s) => s.rssMb));
    const peakHeapMb = Math.max(...samples.map((s) => s.heapMb));
    const report = {
      calls: CALLS,
      upstreamDelayMs: UPSTREAM_DELAY_MS,
      elapsedMs: result.elapsedMs,
      maxRequestsInFlight,
      maxUpstreamInFlight: engine.stats.maxInFlight,
      baselineRssMb: Math.round(baseline.rss / MB),
      peakRssMb: Math.round(peakRssMb),
      baselineHeapMb: Math.round(baseline.heapUsed / MB),
      peakHeapMb: Math.round(peakHeapMb),
      plateauSamples: plateau.length,
      maxPoolCheckedOutOnPlateau: Math.max(0, ...plateau.map((s) => s.poolCheckedOut)),
      maxPoolWaitingOnPlateau: Math.max(0, ...plateau.map((s) => s.poolWaiting)),
      // The calls' creates (debit, task, task.started event) come before the plateau, their
      // completions and answers after it.
      maxPoolWaitingBeforePlateau: Math.max(0, ...samples.slice(0, firstOnPlateau).map((s) => s.poolWaiting)),
      maxPoolWaitingOverall: Math.max(...samples.map((s) => s.poolWaiting)),
    };
    console.log(`slow upstream: ${JSON.stringify(report)}`);

    expect(result.statuses).toEqual({ 200: CALLS });
    expect(result.completed).toBe(CALLS);
    expect(result.distinctTasks).toBe(CALLS);
    // Every call was in flight on this one process at the same time, waiting on the upstream.
    expect(maxRequestsInFlight).toBe(CALLS);
    expect(plateau.length).toBeGreaterThan(0);

    // Charged exactly once each, and the ledger still adds up.
    const remaining = CREDITS_EACH - (CALLS / ACCOUNTS) * SERVICE_COST.image;
    for (const account of accounts) {
      expect(await ledgerCheck(runtime.services, account.userId)).toEqual({
        balance: remaining,
        sum: remaining,
      });
    }
    expect(await findBrokenInvariants(pool)).toEqual({});

    // Nothing holds a pooled connection while it waits on the upstream: if a call did, no more
    // calls than the pool has connections could wait upstream at once. And on the plateau, the
    // connections in use are only those of the few calls between two upstream steps, and of the
    // process's own background writers (a request-log batch for a call that has answered, a job
    // poll): at most BACKGROUND_CONNECTIONS, never one per waiting call.
    const poolMax = pool.options.max as number;
    expect(engine.stats.maxInFlight).toBeGreaterThan(poolMax * 100);
    // Each call's task.started event (the events API keeps every event) is written by its debit,
    // not beside the call: before the plateau the 5,000 creates wait in the charger's batches, not
    // for a connection each (when the event was a write of its own, 700 to 850 calls queued for
    // the pool then, and on the plateau), and on the plateau the pool is as good as idle.
    expect(report.maxPoolWaitingBeforePlateau).toBe(0);
    // After it, each call's task.completed event is written by the batched completion, which also
    // answers the balance the call's answer shows: the completions share their statements too (when
    // the event and the balance were writes and reads of their own, about 4,850 calls queued for the
    // pool at once as the calls left the upstream together; since, none in the runs measured).
    expect(report.maxPoolWaitingOverall).toBeLessThan(CALLS / 10);
    for (const s of plateau) {
      expect(s.poolCheckedOut, JSON.stringify(s)).toBeLessThanOrEqual(
        s.requestsInFlight - s.upstreamInFlight + BACKGROUND_CONNECTIONS,
      );
    }
    expect(peakRssMb - baseline.rss / MB).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(peakHeapMb - baseline.heapUsed / MB).toBeLessThan(MAX_HEAP_GROWTH_MB);
  }, 150_000);
});
