/** How long a wake that came before its sleep still counts. */
const EARLY_WAKE_MS = 10_000;
const MAX_EARLY_WAKES = 10_000;

/**
 * Why a sleep ended: its time came, the task moved (settled, or was called back through the
 * database, here or in another process), or the upstream called back to this process for a job
 * whose task the sleeping call holds (`expectCallback`).
 */
export type WakeReason = 'timer' | 'moved' | 'callback';

/** Wakes that came before their sleep, kept briefly and in bounded number. */
function earlyWakes() {
  const at = new Map<string, number>();
  return {
    add(id: string) {
      if (at.size >= MAX_EARLY_WAKES) at.clear();
      at.set(id, Date.now());
    },
    take(id: string): boolean {
      const wokenAt = at.get(id);
      if (wokenAt === undefined) return false;
      at.delete(id);
      return Date.now() - wokenAt < EARLY_WAKE_MS;
    },
  };
}

/**
 * Sync calls waiting for their task in this process. A waiter sleeps until its next look is due,
 * or until this process learns the task moved: it settled (here, or in another process, whose
 * NOTIFY reaches this one), or the upstream called back for it. Without a wake it still looks on
 * time, so a lost notification costs a wait until the next scheduled look.
 * `onFirstSleep` runs once, when the first call sleeps: it starts listening to other processes.
 */
export function createTaskWaiters(options: { onFirstSleep?: () => void } = {}) {
  const sleepers = new Map<string, Set<(reason: WakeReason) => void>>();
  /** Upstream job id -> task id, for the calls here that hold their task and await its callback. */
  const expected = new Map<string, string>();
  /** Task wakes that came while nobody slept on the task (a callback during the call's own step). */
  const earlyMoves = earlyWakes();
  /** Callbacks that came before their call said it expects them (a very quick upstream). */
  const earlyCallbacks = earlyWakes();
  const pendingCallbacks = new Set<string>();
  let hasSlept = false;

  const wakeTask = (taskId: string, reason: WakeReason) => {
    const set = sleepers.get(taskId);
    if (!set) return false;
    for (const done of [...set]) done(reason);
    return true;
  };

  return {
    /** Resolves after `ms`, or earlier when the task is woken (or was, just before), with why. */
    sleep(taskId: string, ms: number): Promise<WakeReason> {
      if (!hasSlept) {
        hasSlept = true;
        options.onFirstSleep?.();
      }
      if (pendingCallbacks.delete(taskId)) return Promise.resolve('callback');
      if (earlyMoves.take(taskId)) return Promise.resolve('moved');
      return new Promise((resolve) => {
        const set = sleepers.get(taskId) ?? new Set();
        sleepers.set(taskId, set);
        const done = (reason: WakeReason) => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && sleepers.get(taskId) === set) sleepers.delete(taskId);
          resolve(reason);
        };
        const timer = setTimeout(() => done('timer'), ms);
        set.add(done);
      });
    },
    /** The task moved: its sleepers wake now, or its next sleep returns at once. */
    wake(taskId: string) {
      if (!wakeTask(taskId, 'moved')) earlyMoves.add(taskId);
    },
    /** A call here holds `taskId` and waits for the upstream's callback on job `upstreamId`. */
    expectCallback(upstreamId: string, taskId: string) {
      // Bounded, should a call ever end without forgetting: the oldest goes first.
      if (expected.size >= MAX_EARLY_WAKES) expected.delete(expected.keys().next().value as string);
      expected.set(upstreamId, taskId);
      if (earlyCallbacks.take(upstreamId) && !wakeTask(taskId, 'callback')) pendingCallbacks.add(taskId);
    },
    forgetCallback(upstreamId: string) {
      const taskId = expected.get(upstreamId);
      expected.delete(upstreamId);
      if (taskId) pendingCallbacks.delete(taskId);
    },
    /**
     * The upstream called back for job `upstreamId`: true if a call here holds its task and now
     * looks (nothing needs writing); false if the task must be found in the database.
     */
    callback(upstreamId: string): boolean {
      const taskId = expected.get(upstreamId);
      if (taskId === undefined) {
        earlyCallbacks.add(upstreamId);
        return false;
      }
      if (!wakeTask(taskId, 'callback')) pendingCallbacks.add(taskId);
      return true;
    },
    size: () => sleepers.size,
  };
}
export type TaskWaiters = ReturnType<typeof createTaskWaiters>;
