import { taskData } from '@conduit/contracts';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { findTask } from '../tasks/settle-task.ts';
import { signWebhook, webhookSecretFor } from './signing.ts';

export const WEBHOOK_QUEUE = 'task-webhook';
const DELIVERY_TIMEOUT_MS = 10_000;

/** Queues the settled task's callback; pg-boss retries it with exponential back-off for about a day. */
export async function queueTaskWebhook(jobs: PgBoss, task: TaskRow) {
  if (!task.callbackUrl) return;
  await jobs.send(
    WEBHOOK_QUEUE,
    { taskId: task.id },
    { retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600, singletonKey: task.id },
  );
}

/** One delivery attempt: throws on anything but a 2xx, so the job is retried. */
export async function deliverTaskWebhook(
  services: Pick<Services, 'db' | 'config' | 'sessionSecret'>,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
  taskId: string,
  log: Logger,
  urlGuard: UrlGuard,
) {
  const task = await findTask(services.db, taskId);
  if (!task?.callbackUrl || task.status === 'processing') return;
  const timestampS = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: task.status === 'completed' ? 'task.completed' : 'task.failed',
    timestamp: new Date(timestampS * 1000).toISOString(),
    data: taskData(task, engine),
  });
  const id = `msg_${task.id}`;
  // Checked again now, and again as the socket connects: the name may resolve elsewhere than it
  // did when the call was accepted (DNS rebinding); a redirect is a failed delivery, never followed.
  const response = await urlGuard.fetch(task.callbackUrl, 'callBackUrl', {
    method: 'POST',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Conduit-Webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(timestampS),
      'webhook-signature': signWebhook(
        webhookSecretFor(services.sessionSecret, task.workspaceId),
        id,
        timestampS,
        body,
      ),
    },
    body,
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Webhook answered HTTP ${response.status}`);
  log.info({ taskId, status: response.status }, 'webhook delivered');
}
