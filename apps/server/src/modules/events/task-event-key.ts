import type { TaskWebhookFilter } from '@conduit/contracts';

/** The `webhookEvents` a paid call's body asked for (validated by its schema), if any. */
export const filtersOf = (request: unknown) =>
  (request as { webhookEvents?: TaskWebhookFilter[] } | null)?.webhookEvents;

/** What makes a task's event of this type happen once (record-event.ts, `dedupeKey`). */
export const taskEventKey = (taskId: string, type: string) => `task:${taskId}:${type}`;
