import type { Logger } from 'pino';
import { UpstreamRejected, UpstreamUnavailable } from './engine.ts';
import { asRecord } from './linkedin-items.ts';

/** The actor does not exist (404 at run-sync): our configuration, not the customer's profile. */
export class ApifyActorMissing extends UpstreamUnavailable {
  readonly actor: string;
  constructor(actor: string) {
    super(`Apify actor ${actor} was not found`);
    this.name = 'ApifyActorMissing';
    this.actor = actor;
  }
}

/**
 * What Apify may bill for a run that failed, in millionths of a dollar: what its run object says
 * it charged, or its cap (`maxTotalChargeUsd`) when we could not see the run.
 */
const BILLED = Symbol('billedMicros');
export function withBilled<T extends Error>(error: T, micros: number): T {
  (error as T & { [BILLED]?: number })[BILLED] = micros;
  return error;
}
export const billedMicrosOf = (error: unknown): number =>
  (error as { [BILLED]?: number } | undefined)?.[BILLED] ?? 0;

export interface ActorRun {
  baseUrl: string;
  token: string;
  actor: string;
  input: Record<string, unknown>;
  /** The run's own timeout, seconds: Apify stops it there, whatever happens to our request. */
  timeoutS: number;
  /** Results charged at most (pay-per-result actors): never more than the answer uses. */
  maxItems: number;
  /** The most the run may charge, millionths of a dollar (`maxTotalChargeUsd`, pay-per-event actors). */
  maxChargeMicros: number;
  /** Price of one result of a pay-per-result actor, millionths of a dollar (its Store page). */
  itemPriceMicros: number;
  signal: AbortSignal;
  /** Why the signal fired, in words ("timed out", "was cancelled"). */
  abortReason: () => string;
  log: Logger;
}

export interface ActorRunResult {
  items: unknown[];
  costMicros: number;
}

const MEMORY_RETRY_MS = 2_000;
/** Apify's longest `waitForFinish` (seconds). */
const MAX_WAIT_S = 60;
const ABORT_TIMEOUT_MS = 5_000;
const START_TIMEOUT_MS = 30_000;
const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'TIMED-OUT', 'ABORTED']);
/** Errors of a connection never made: the run cannot have started. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * One actor run (docs/upstreams.md "Apify: LinkedIn posts"). A 402 for the account's memory limit
 * means other runs hold the memory: the run is tried again after a pause while the caller's time
 * lasts (nothing was started, nothing billed).
 */
export async function runActor(run: ActorRun): Promise<ActorRunResult> {
  let pauseMs = MEMORY_RETRY_MS;
  for (;;) {
    try {
      return await runActorOnce(run);
    } catch (error) {
      if (!(error instanceof MemoryFull) || run.signal.aborted) throw error;
      await sleep(pauseMs, run.signal);
      pauseMs *= 2;
      if (run.signal.aborted) throw new UpstreamUnavailable('Apify has no memory free for the run', pauseMs);
    }
  }
}

class MemoryFull extends UpstreamUnavailable {}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * What a run cost by its run object: `usageTotalUsd` (the platform usage), the events a
 * pay-per-event actor charged (`chargedEventCounts` at `pricingInfo`'s event prices), and for a
 * pay-per-result actor its results at the configured price. Millionths of a dollar.
 */
export function runCostMicros(runObject: Record<string, unknown>, results: number, itemPriceMicros: number) {
  const pricing = asRecord(runObject.pricingInfo);
  const prices = asRecord(asRecord(asRecord(pricing?.pricingPerEvent)?.actorChargeEvents));
  const counts = asRecord(runObject.chargedEventCounts);
  const isPerEvent = pricing?.pricingModel === 'PAY_PER_EVENT' || counts !== undefined;
  let eventsUsd = 0;
  for (const [event, count] of Object.entries(counts ?? {})) {
    eventsUsd += num(count) * num(asRecord(prices?.[event])?.eventPriceUsd);
  }
  const resultsMicros = isPerEvent ? 0 : results * itemPriceMicros;
  return Math.round((num(runObject.usageTotalUsd) + eventsUsd) * 1e6) + resultsMicros;
}

interface Reply {
  status: number;
  body: unknown;
  retryAfterS: number;
}

async function apifyCall(
  run: ActorRun,
  method: 'GET' | 'POST',
  path: string,
  signal: AbortSignal,
  body?: unknown,
) {
  const response = await fetch(`${run.baseUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return {
    status: response.status,
    body: parsed,
    retryAfterS: Number(response.headers.get('retry-after')),
  } as Reply;
}

const runOf = (reply: Reply) => asRecord(asRecord(reply.body)?.data);

/**
 * Asks Apify to stop a run we no longer wait for (Abort run) and answers what it cost by the run
 * object the abort answers; the cap when the abort gets no answer.
 */
async function abortRun(run: ActorRun, runId: string): Promise<number> {
  try {
    const reply = await apifyCall(
      run,
      'POST',
      `/v2/actor-runs/${encodeURIComponent(runId)}/abort`,
      AbortSignal.timeout(ABORT_TIMEOUT_MS),
    );
    const object = runOf(reply);
    if (reply.status === 200 && object) return runCostMicros(object, run.maxItems, run.itemPriceMicros);
  } catch {
    // Unanswered: the run may bill up to its cap.
  }
  run.log.warn({ upstream: 'apify', actor: run.actor }, 'an Apify run could not be aborted');
  return run.maxChargeMicros;
}

async function runActorOnce(run: ActorRun): Promise<ActorRunResult> {
  const waitS = () => Math.max(1, Math.min(MAX_WAIT_S, Math.floor(run.timeoutS)));
  const query = new URLSearchParams({
    timeout: String(run.timeoutS),
    maxItems: String(run.maxItems),
    maxTotalChargeUsd: String(run.maxChargeMicros / 1e6),
  });
  let started: Reply;
  try {
    // Answered at once (no waitForFinish), and not cut by the caller's signal: a run we stop
    // waiting for must be known by its id to be aborted.
    started = await apifyCall(
      run,
      'POST',
      `/v2/acts/${run.actor}/runs?${query}`,
      AbortSignal.timeout(START_TIMEOUT_MS),
      run.input,
    );
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code && NOT_SENT.has(code)) {
      throw new UpstreamUnavailable('Apify LinkedIn run could not be reached');
    }
    // The start may have arrived: the run may go on and bill, up to its cap.
    const reason = (error as Error).name === 'TimeoutError' ? 'start timed out' : 'lost its answer';
    throw withBilled(new UpstreamUnavailable(`Apify LinkedIn run ${reason}`), run.maxChargeMicros);
  }
  let object = runOf(started);
  const status = started.status;
  if (status !== 201 || !object || typeof object.id !== 'string') {
    throw startFailure(run, started);
  }
  const runId = object.id;
  // Waits for the run to end, each look at most 60 s; a run we stop waiting for is aborted.
  while (!TERMINAL.has(String(object.status))) {
    if (run.signal.aborted) {
      const billed = await abortRun(run, runId);
      throw withBilled(new UpstreamUnavailable(`Apify LinkedIn run ${run.abortReason()}`), billed);
    }
    try {
      const reply = await apifyCall(
        run,
        'GET',
        `/v2/actor-runs/${encodeURIComponent(runId)}?waitForFinish=${waitS()}`,
        run.signal,
      );
      object = (reply.status === 200 && runOf(reply)) || object;
      if (reply.status !== 200) await sleep(1_000, run.signal);
    } catch {
      // A look that failed or was cut by our signal: the loop aborts or looks again.
      if (!run.signal.aborted) await sleep(1_000, run.signal);
    }
  }
  if (object.status !== 'SUCCEEDED') {
    // Stopped (our timeout), failed or aborted: what it charged is billed to the refunded call.
    const billed = runCostMicros(object, run.maxItems, run.itemPriceMicros);
    throw withBilled(new UpstreamUnavailable(`Apify run ended ${String(object.status)}`), billed);
  }
  const datasetId = String(object.defaultDatasetId ?? '');
  const itemsQuery = new URLSearchParams({ clean: 'true', format: 'json', limit: String(run.maxItems) });
  let items: unknown[] = [];
  try {
    const reply = await apifyCall(
      run,
      'GET',
      `/v2/datasets/${encodeURIComponent(datasetId)}/items?${itemsQuery}`,
      run.signal,
    );
    if (reply.status !== 200 || !Array.isArray(reply.body))
      throw new Error(`dataset answered ${reply.status}`);
    items = reply.body.slice(0, run.maxItems);
  } catch (error) {
    const billed = runCostMicros(object, run.maxItems, run.itemPriceMicros);
    throw withBilled(
      new UpstreamUnavailable(`Apify dataset could not be read: ${(error as Error).message}`),
      billed,
    );
  }
  return { items, costMicros: runCostMicros(object, items.length, run.itemPriceMicros) };
}

/** A run start Apify refused (or answered with trouble), as the engine's errors. */
function startFailure(run: ActorRun, reply: Reply): Error {
  const { status } = reply;
  const error = asRecord(asRecord(reply.body)?.error);
  const type = String(error?.type ?? '');
  const detail = `Apify answered ${status}${error ? `: ${type} ${String(error.message)}` : ''}`;
  if (status === 404) {
    run.log.error({ upstream: 'apify', status, actor: run.actor, errorType: type }, 'Apify actor not found');
    return new ApifyActorMissing(run.actor);
  }
  if (status === 402 && type.includes('memory-limit')) return new MemoryFull(detail, MEMORY_RETRY_MS);
  if (status === 400) return new UpstreamRejected('LinkedIn could not be scraped for this profile');
  if (status === 401 || status === 402 || status === 403) {
    // Our token or our Apify account: an admin has to act, the customer is refunded.
    run.log.error({ upstream: 'apify', status, errorType: type }, 'Apify refused our account');
  }
  const retryAfterMs =
    Number.isFinite(reply.retryAfterS) && reply.retryAfterS > 0 ? reply.retryAfterS * 1000 : undefined;
  // A 5xx (or a 2xx we cannot read) may come after the run started: it may go on and bill.
  if (status >= 500 || (status >= 200 && status < 300)) {
    return withBilled(new UpstreamUnavailable(detail, retryAfterMs), run.maxChargeMicros);
  }
  return new UpstreamUnavailable(detail, retryAfterMs);
}
