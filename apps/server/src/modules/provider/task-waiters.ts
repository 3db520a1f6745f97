/**
 * Sync calls waiting for their task in this process. A waiter sleeps until its next look is due,
 * or until this process learns the task moved: it settled (here, or in another process, whose
 * NOTIFY reaches this one), or the upstream called back for it (to any process). Without a wake
 * it still looks on time, so a lost notification costs a wait until the next scheduled look.
 * `onFirstSleep` runs once, when the first call sleeps: it starts listening to other processes.
 */
export function createTaskWaiters(options: { onFirstSleep?: () => void } = {}) {
  const sleepers = new Map<string, Set<() => void>>();
  let hasSlept = false;
  return {
    /** Resolves after `ms`, or earlier when `wake(taskId)` is called. */
    sleep(taskId: string, ms: number): Promise<void> {
      if (!hasSlept) {
        hasSlept = true;
        options.onFirstSleep?.();
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
      for (const done of [...(sleepers.get(taskId) ?? [])]) done();
    },
    size: () => sleepers.size,
  };
}
export type TaskWaiters = ReturnType<typeof createTaskWaiters>;
