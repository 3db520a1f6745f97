import { type AnsweringEngine, taskData, taskEventTypeOf } from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import { type EventHooks, recordEvent } from '../events/record-event.ts';
import { filtersOf, taskEventKey } from '../events/task-event-key.ts';
import type { TaskRow } from '../tasks/schema.ts';

/**
 * The event of a task's end, whatever its terminal status (taskEventTypeOf), with the data the
 * status endpoint answers, recorded after the fact: only for the tasks a version before the settle
 * wrote its own event queued (webhook-worker.ts). A settle writes its event itself
 * (settled-event.ts); the dedupe key makes this one a no-op for a task that has it.
 */
export async function recordTaskSettled(
  db: DbOrTx,
  task: TaskRow,
  engine: AnsweringEngine,
  hooks: EventHooks,
) {
  if (task.status === 'processing') return;
  const type = taskEventTypeOf(task.status);
  await recordEvent(
    db,
    {
      workspaceId: task.workspaceId,
      type,
      data: taskData(task, engine),
      dedupeKey: taskEventKey(task.id, type),
      at: task.completedAt ?? new Date(),
      ...(task.callbackUrl && { callback: { url: task.callbackUrl, filters: filtersOf(task.request) } }),
    },
    hooks,
  );
}
