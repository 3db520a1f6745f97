/** How long a wake that came before its sleep still counts. */
const EARLY_WAKE_MS = 10_000;
const MAX_EARLY_WAKES = 10_000;

/**
 * Sync calls waiting for their task in this process. A waiter sleeps until its next look is due,
 * or until this process learns the task moved: it settled (here, or in another process, whose
 * NOTIFY reaches this one), or the upstream called back for it (to any process). Without a wake
 * it still looks on time, so a lost notification costs a wait until the next scheduled look.
 * `onFirstSleep` runs once, when the first call sleeps: it starts listening to other processes.
 */
export function createTaskWaiters(options: { onFirstSleep?: () => void } = {}) {
  const sleepers = new Map<string, Set<() => void>>();
  /**
   * Wakes that came while nobody slept on the task (a callback during the call's own step): the
   * next sleep on it returns at once. Kept briefly and in bounded number.
   */
  const early = new Map<string, number>();
  let hasSlept = false;
  return {
    /** Resolves after `ms`, or earlier when `wake(taskId)` is called (or was, just before). */
    sleep(taskId: string, ms: number): Promise<void> {
      if (!hasSlept) {
        hasSlept = true;
        options.onFirstSleep?.();
      }
      const wokenAt = early.get(taskId);
      if (wokenAt !== undefined) {
        early.delete(taskId);
        if (Date.now() - wokenAt < EARLY_WAKE_MS) return Promise.resolve();
      }
      return new Promise((resolve) => {
        const set = sleepers.get(taskId) ?? new Set();
        sleepers.set(taskId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && sleepers.get(taskId) === set) sleepers.delete(taskId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
    wake(taskId: string) {
      const set = sleepers.get(taskId);
      if (!set) {
        if (early.size >= MAX_EARLY_WAKES) early.clear();
        early.set(taskId, Date.now());
        return;
      }
      for (const done of [...set]) done();
    },
    size: () => sleepers.size,
  };
}
export type TaskWaiters = ReturnType<typeof createTaskWaiters>;
