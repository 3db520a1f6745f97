/**
 * Sync calls waiting for their task in this process. A waiter sleeps until its next look is due,
 * or until something here learns the task moved: it settled in this process (the task pump or
 * another waiter), or the upstream called back for it. Without a wake it still looks on time, so
 * a change made by another process is seen at the next scheduled look at the latest.
 */
export function createTaskWaiters() {
  const sleepers = new Map<string, Set<() => void>>();
  return {
    /** Resolves after `ms`, or earlier when `wake(taskId)` is called. */
    sleep(taskId: string, ms: number): Promise<void> {
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
