import { findDueTasks } from '../tasks/settle-task.ts';
import { advanceTask, type RunnerContext } from './task-runner.ts';

export interface TaskPump {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The worker side of tasks: the tasks table is the queue. Each tick takes the processing tasks
 * whose next look is due and advances them (start upstream, poll, store, settle); claiming a
 * step is compare-and-set, so any number of workers can pump at once. The same tick is the
 * sweeper: a task whose worker died is due again when its lease runs out, and a task past its
 * deadline is failed and refunded.
 */
export function startTaskPump(
  runner: RunnerContext,
  options: { intervalMs?: number; batchSize?: number } = {},
): TaskPump {
  const intervalMs = options.intervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 16;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isWoken = false;

  const tick = async () => {
    do {
      isWoken = false;
      const due = await findDueTasks(runner.db, batchSize);
      await Promise.all(
        due.map((task) =>
          advanceTask(runner, task.id).catch((error) =>
            runner.log.error({ err: error, taskId: task.id }, 'task step crashed'),
          ),
        ),
      );
      if (due.length === batchSize) isWoken = true;
    } while (isWoken && !isStopped);
  };

  const schedule = (delayMs: number) => {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) {
        isWoken = true;
        return;
      }
      running = tick()
        .catch((error) => runner.log.error({ err: error }, 'task pump tick failed'))
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delayMs);
  };
  schedule(0);

  return {
    wake() {
      if (running) isWoken = true;
      else schedule(0);
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
