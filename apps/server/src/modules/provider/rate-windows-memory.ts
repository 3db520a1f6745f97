import type { WindowCount } from './rate-windows-redis.ts';

interface Window {
  name: string;
  seconds: number;
}

/** How often expired windows are forgotten, so memory follows the accounts active lately. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The provider rate limits' windows in this process's memory: one process alone, or the fallback
 * while Redis is away. The same rule as the Redis script (a window starts at an account's first
 * request and lasts its length), counted in plain maps: three rate-limiter-flexible limiters per
 * call cost a few percent of a paid call's CPU, allocations and promises included.
 */
export function createMemoryWindowCounter(now: () => number = Date.now) {
  const windows = new Map<string, Map<string, { consumed: number; resetAt: number }>>();
  let sweptAt = now();

  const tableOf = (name: string) => {
    let table = windows.get(name);
    if (!table) {
      table = new Map();
      windows.set(name, table);
    }
    return table;
  };

  const sweep = (at: number) => {
    sweptAt = at;
    for (const table of windows.values()) {
      for (const [accountId, entry] of table) if (entry.resetAt <= at) table.delete(accountId);
    }
  };

  return {
    /** Counts one request in every window of the account. */
    count(accountId: string, list: readonly Window[]): WindowCount[] {
      const at = now();
      if (at - sweptAt >= SWEEP_EVERY_MS) sweep(at);
      return list.map((window) => {
        const table = tableOf(window.name);
        let entry = table.get(accountId);
        if (!entry || entry.resetAt <= at) {
          entry = { consumed: 0, resetAt: at + window.seconds * 1000 };
          table.set(accountId, entry);
        }
        entry.consumed += 1;
        return { consumed: entry.consumed, msBeforeNext: entry.resetAt - at };
      });
    },
    /** Accounts with a window in memory (for tests and metrics). */
    size(): number {
      let total = 0;
      for (const table of windows.values()) total += table.size;
      return total;
    },
    /** What each named window has counted, without counting. */
    peek(accountId: string, names: readonly string[]): number[] {
      const at = now();
      return names.map((name) => {
        const entry = windows.get(name)?.get(accountId);
        return entry && entry.resetAt > at ? entry.consumed : 0;
      });
    },
  };
}
