import pg from 'pg';

/** Takes items for a coalesced `work`; `drained()` resolves once none is queued or running. */
export interface Coalesced<T> {
  (item: T): void;
  drained(): Promise<void>;
}

/**
 * Runs `work` on items as they arrive, one run at a time: items that arrive while a run is in
 * flight wait and go together into the next run (at most `maxBatch` per run). When idle, an item
 * starts a run at once (or after `lingerMs`, for writes nobody waits on), so nothing waits for a
 * timer; under load, many items share one round trip.
 * `work` settles its items itself (each may carry its own resolve and reject); a failed run
 * does not stop the next one.
 */
export function coalesce<T>(
  work: (items: T[]) => Promise<void>,
  maxBatch = 1_000,
  /** How long an item that finds nothing running waits for company (0: it starts a run at once). */
  lingerMs = 0,
): Coalesced<T> {
  const pending: T[] = [];
  let running: Promise<void> | undefined;
  async function run() {
    try {
      if (lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs));
      while (pending.length > 0) await work(pending.splice(0, maxBatch)).catch(() => {});
    } finally {
      running = undefined;
    }
  }
  const enqueue = (item: T) => {
    pending.push(item);
    running ??= run();
  };
  enqueue.drained = async () => {
    while (running) await running;
  };
  return enqueue;
}

/** `coalesce` for lookups: each caller gets the answer for its own key from a shared batch. */
export function batchLookup<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 1_000,
): (key: K) => Promise<V | undefined> {
  const enqueue = coalesce<{
    key: K;
    resolve: (value: V | undefined) => void;
    reject: (error: unknown) => void;
  }>(async (items) => {
    try {
      const found = await load([...new Set(items.map((item) => item.key))]);
      for (const item of items) item.resolve(found.get(item.key));
    } catch (error) {
      for (const item of items) item.reject(error);
    }
  }, maxBatch);
  return (key) => new Promise((resolve, reject) => enqueue({ key, resolve, reject }));
}

/**
 * Writes a batch with `write`; a batch PostgreSQL refuses (one row breaks a constraint) is written
 * again in halves until the row it refuses is alone, so one bad item never loses the others.
 * Another failure (the connection lost), or a refused batch of one, goes to `failed` with its items.
 */
export async function writeInHalves<T>(
  items: T[],
  write: (items: T[]) => Promise<unknown>,
  failed: (items: T[], error: unknown) => void,
): Promise<void> {
  try {
    await write(items);
  } catch (error) {
    if (items.length > 1 && error instanceof pg.DatabaseError) {
      const half = Math.ceil(items.length / 2);
      await writeInHalves(items.slice(0, half), write, failed);
      await writeInHalves(items.slice(half), write, failed);
      return;
    }
    failed(items, error);
  }
}
