import { type Service, TASK_DEADLINE_S, type TaskStatus } from './services.ts';
import { TEST_MODE_ENGINE } from './test-mode.ts';

/**
 * The `data` of the public API's task answers, built in one place: the server answers with these
 * functions, and the sample answers of the docs and the OpenAPI document (api-examples.ts) are
 * built by the same functions, so a sample cannot show a shape the server does not send.
 */

/** What a task answer needs of a stored task (the server's tasks row has these columns). */
export interface TaskFacts {
  id: string;
  service: Service;
  status: TaskStatus;
  /** Credits charged when the task was created. */
  cost: number;
  creditsRefunded: number;
  result: unknown;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Past it, a task not settled fails and is refunded. */
  deadlineAt: Date;
  /** When a cancel was asked of the upstream (it settles canceled once confirmed). */
  cancelRequestedAt?: Date | null;
  /** When the result's files are deleted; null for results without files. */
  resultsExpireAt?: Date | null;
  /** The call's `metadata` (metadata.ts); none is answered as `{}`. */
  metadata?: Record<string, string> | null;
  /** False for a test key's task (test-mode.ts); absent means live. */
  livemode?: boolean;
}

/** Which engine did the work; the local one is labelled as a development stand-in. */
export interface AnsweringEngine {
  name: string;
  isDevelopmentEngine: boolean;
}

export const TASK_STATUS_MESSAGES: Record<TaskStatus, string> = {
  processing:
    'The task is processing. Poll its status URL, or pass callBackUrl to be called when it settles.',
  completed: 'The task completed.',
  failed: 'The task failed; its credits were refunded.',
  canceled: 'The task was canceled; its credits were refunded.',
  aborted: 'The task did not start before its Cancel-After deadline; its credits were refunded.',
};
export const TASK_CANCEL_REQUESTED_MESSAGE =
  'A cancel was asked of the upstream. If it confirms, the task settles canceled and is refunded; if the work finishes first, it completes and stays charged.';
export const TASK_ACCEPTED_MESSAGE =
  'The task was accepted. Poll its status URL, or pass callBackUrl to be called when it settles.';

/** The status endpoint of a task: `/api/provider/<service>/status/{taskId}`. */
export const taskStatusPath = (service: Service, taskId: string) =>
  service === 'sora'
    ? `/api/provider/sora-watermark-remover/status/${taskId}`
    : `/api/provider/${service}/status/${taskId}`;

/** The `engine` of every task answer and task event. */
export const engineOf = (engine: AnsweringEngine) => ({
  engine: engine.name,
  isDevelopmentEngine: engine.isDevelopmentEngine,
});

/** The `data` of every task answer: ids, money, state and whatever result the service has. */
export function taskData(task: TaskFacts, engine: AnsweringEngine) {
  const result = (task.result ?? {}) as Record<string, unknown>;
  const processingTime =
    task.completedAt !== null
      ? Math.round((task.completedAt.getTime() - task.createdAt.getTime()) / 100) / 10
      : undefined;
  const isCancelRequested = task.status === 'processing' && Boolean(task.cancelRequestedAt);
  return {
    taskId: task.id,
    service: task.service,
    status: task.status,
    message: isCancelRequested ? TASK_CANCEL_REQUESTED_MESSAGE : TASK_STATUS_MESSAGES[task.status],
    creditsUsed: task.cost - task.creditsRefunded,
    creditsCharged: task.cost,
    creditsRefunded: task.creditsRefunded,
    timestamp: task.createdAt.toISOString(),
    deadlineAt: task.deadlineAt.toISOString(),
    ...(task.cancelRequestedAt && { cancelRequestedAt: task.cancelRequestedAt.toISOString() }),
    ...(task.completedAt && { completedAt: task.completedAt.toISOString(), processingTime }),
    ...(task.status === 'processing' && { statusUrl: taskStatusPath(task.service, task.id) }),
    ...(task.error && { error: task.error }),
    ...result,
    ...(task.resultsExpireAt && { expiresAt: task.resultsExpireAt.toISOString() }),
    metadata: task.metadata ?? {},
    engine: engineOf(task.livemode === false ? TEST_MODE_ENGINE : engine),
    livemode: task.livemode ?? true,
  };
}

/** The `data` of an async call's answer: the task was accepted and charged, nothing more is known yet. */
export function acceptedTaskData(
  accepted: {
    taskId: string;
    service: Service;
    at: Date;
    cost: number;
    deadlineAt?: Date;
    metadata?: Record<string, string> | null;
    /** False for a test key's call; absent means live. */
    livemode?: boolean;
  },
  engine: AnsweringEngine,
) {
  const deadlineAt =
    accepted.deadlineAt ?? new Date(accepted.at.getTime() + TASK_DEADLINE_S[accepted.service] * 1000);
  return {
    taskId: accepted.taskId,
    service: accepted.service,
    status: 'processing' as const,
    message: TASK_ACCEPTED_MESSAGE,
    creditsUsed: accepted.cost,
    creditsCharged: accepted.cost,
    creditsRefunded: 0,
    timestamp: accepted.at.toISOString(),
    deadlineAt: deadlineAt.toISOString(),
    statusUrl: taskStatusPath(accepted.service, accepted.taskId),
    metadata: accepted.metadata ?? {},
    engine: engineOf(accepted.livemode === false ? TEST_MODE_ENGINE : engine),
    livemode: accepted.livemode ?? true,
  };
}
