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
 * What Apify may bill for a run that failed, in millionths of a dollar: a run that timed out or
 * outlived the endpoint's wait still charges the results it pushed (at most `maxItems`).
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
  /** Price of one result, millionths of a dollar: what a run costs is its results times this. */
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
 * One synchronous actor run (`run-sync-get-dataset-items`, docs/upstreams.md "Apify"). A 402 for
 * the account's memory limit means other runs hold the memory: the run is tried again after a
 * pause while the caller's time lasts (nothing was started, nothing billed).
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

async function runActorOnce(run: ActorRun): Promise<ActorRunResult> {
  const query = new URLSearchParams({ timeout: String(run.timeoutS), maxItems: String(run.maxItems) });
  const url = `${run.baseUrl.replace(/\/+$/, '')}/v2/acts/${run.actor}/run-sync-get-dataset-items?${query}`;
  const mostBilled = run.maxItems * run.itemPriceMicros;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(run.input),
      signal: run.signal,
    });
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  } catch {
    // A dropped request does not stop the run: it may still bill up to maxItems results.
    const reason = run.signal.aborted ? run.abortReason() : 'could not be reached';
    throw withBilled(new UpstreamUnavailable(`Apify LinkedIn run ${reason}`), mostBilled);
  }
  const status = response.status;
  if (response.ok && Array.isArray(body)) {
    const items = body.slice(0, run.maxItems);
    return { items, costMicros: items.length * run.itemPriceMicros };
  }
  const error = asRecord(asRecord(body)?.error);
  const type = String(error?.type ?? '');
  const detail = `Apify answered ${status}${error ? `: ${type} ${String(error.message)}` : ''}`;
  if (status === 404) {
    run.log.error({ upstream: 'apify', status, actor: run.actor, errorType: type }, 'Apify actor not found');
    throw new ApifyActorMissing(run.actor);
  }
  if (status === 402 && type.includes('memory-limit')) throw new MemoryFull(detail, MEMORY_RETRY_MS);
  // 408: the run outlived the endpoint's wait and goes on; run-failed: it stopped (a timeout).
  if (status === 408) throw withBilled(new UpstreamUnavailable(detail), mostBilled);
  if (type === 'run-failed') throw withBilled(new UpstreamUnavailable(detail), mostBilled);
  if (status === 400) throw new UpstreamRejected('LinkedIn could not be scraped for this profile');
  if (status === 401 || status === 402 || status === 403) {
    // Our token or our Apify account: an admin has to act, the customer is refunded.
    run.log.error({ upstream: 'apify', status, errorType: type }, 'Apify refused our account');
  }
  const retryAfterS = Number(response.headers.get('retry-after'));
  throw new UpstreamUnavailable(
    detail,
    Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : undefined,
  );
}
