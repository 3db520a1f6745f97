import { taskData } from '@conduit/contracts';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Engine } from '../engines/engine.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { findTask } from '../tasks/settle-task.ts';
import { postSignedWebhook, type WebhookPostContext } from './post-webhook.ts';

export const WEBHOOK_QUEUE = 'task-webhook';
/** pg-boss retries a failed delivery with exponential back-off for about a day. */
export const WEBHOOK_RETRIES = { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 };

/** Queues the settled task's callback. */
export async function queueTaskWebhook(jobs: PgBoss, task: TaskRow) {
  if (!task.callbackUrl) return;
  await jobs.send(WEBHOOK_QUEUE, { taskId: task.id }, { ...WEBHOOK_RETRIES, singletonKey: task.id });
}

/** One delivery attempt: throws on anything but a 2xx, so the job is retried. */
export async function deliverTaskWebhook(
  services: Omit<WebhookPostContext, 'urlGuard'>,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
  taskId: string,
  log: Logger,
  urlGuard: UrlGuard,
) {
  const task = await findTask(services.db, taskId);
  if (!task?.callbackUrl || task.status === 'processing') return;
  const status = await postSignedWebhook(
    { ...services, urlGuard },
    {
      workspaceId: task.workspaceId,
      url: task.callbackUrl,
      field: 'callBackUrl',
      id: `msg_${task.id}`,
      event: {
        // task.completed, task.failed, task.canceled or task.aborted: the status it settled in.
        type: `task.${task.status}`,
        data: taskData(task, engine),
      },
    },
  );
  if (status < 200 || status >= 300) throw new Error(`Webhook answered HTTP ${status}`);
  log.info({ taskId, status }, 'webhook delivered');
}
