import {
  type AnsweringEngine,
  acceptedTaskData,
  type Service,
  type TaskWebhookFilter,
  taskData,
  taskEventTypeOf,
} from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { type EventHooks, recordEvent } from './record-event.ts';

/** The `webhookEvents` a paid call's body asked for (validated by its schema), if any. */
const filtersOf = (request: unknown) =>
  (request as { webhookEvents?: TaskWebhookFilter[] } | null)?.webhookEvents;

/** `task.started`: a paid call was charged and its task exists (the async answer's data). */
export async function recordTaskStarted(
  db: DbOrTx,
  task: {
    id: string;
    workspaceId: string;
    service: Service;
    callbackUrl?: string;
    request: unknown;
    at: Date;
    cost: number;
    deadlineAt: Date;
  },
  engine: AnsweringEngine,
  hooks: EventHooks,
) {
  await recordEvent(
    db,
    {
      workspaceId: task.workspaceId,
      type: 'task.started',
      data: acceptedTaskData(
        { taskId: task.id, service: task.service, at: task.at, cost: task.cost, deadlineAt: task.deadlineAt },
        engine,
      ),
      dedupeKey: `task:${task.id}:task.started`,
      at: task.at,
      ...(task.callbackUrl && { callback: { url: task.callbackUrl, filters: filtersOf(task.request) } }),
    },
    hooks,
  );
}

/**
 * The event of a task's end, whatever its terminal status (taskEventTypeOf), with the data the
 * status endpoint answers. Recorded once per task and type however many settlers race.
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
      dedupeKey: `task:${task.id}:${type}`,
      at: task.completedAt ?? new Date(),
      ...(task.callbackUrl && { callback: { url: task.callbackUrl, filters: filtersOf(task.request) } }),
    },
    hooks,
  );
}
