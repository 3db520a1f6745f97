import type { Service } from '@conduit/contracts';
import type { TaskRow } from '../tasks/schema.ts';

const STATUS_MESSAGES: Record<TaskRow['status'], string> = {
  processing:
    'The task is processing. Poll its status URL, or pass callBackUrl to be called when it settles.',
  completed: 'The task completed.',
  failed: 'The task failed; its credits were refunded.',
};

export const statusPathOf = (service: Service, taskId: string) =>
  service === 'sora'
    ? `/api/provider/sora-watermark-remover/status/${taskId}`
    : `/api/provider/${service}/status/${taskId}`;

/** The `data` of every task answer: ids, money, state and whatever result the service has. */
export function taskData(task: TaskRow, engine: { name: string; isDevelopmentEngine: boolean }) {
  const result = (task.result ?? {}) as Record<string, unknown>;
  const processingTime =
    task.completedAt !== null
      ? Math.round((task.completedAt.getTime() - task.createdAt.getTime()) / 100) / 10
      : undefined;
  return {
    taskId: task.id,
    status: task.status,
    message: STATUS_MESSAGES[task.status],
    creditsUsed: task.cost - task.creditsRefunded,
    creditsCharged: task.cost,
    creditsRefunded: task.creditsRefunded,
    timestamp: task.createdAt.toISOString(),
    ...(task.completedAt && { completedAt: task.completedAt.toISOString(), processingTime }),
    ...(task.status === 'processing' && { statusUrl: statusPathOf(task.service as Service, task.id) }),
    ...(task.error && { error: task.error }),
    ...result,
    engine: { engine: engine.name, isDevelopmentEngine: engine.isDevelopmentEngine },
  };
}
