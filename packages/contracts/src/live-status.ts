import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import type { Service, TaskStatus } from './services.ts';

/**
 * `GET /api/events`: Server-Sent Events of the signed-in user's own tasks. Each event is
 * `event: task` with a `TaskEvent` as its data; `event: resync` asks the page to reload what it
 * shows (the server may have missed events); comment lines are heartbeats.
 */
export const TASK_EVENTS_ROUTE = defineAppRoute({
  ...APP_PATHS.taskEvents,
});

/** One task's new status: a call was accepted (`processing`) or settled. */
export interface TaskEvent {
  taskId: string;
  service: Service;
  status: TaskStatus;
  /** Why a failed call failed (the text its status answer gives); only on `failed`. */
  error?: string;
}

export const TASK_EVENT_NAME = 'task';
export const RESYNC_EVENT_NAME = 'resync';

/** A heartbeat comment this often keeps proxies from closing an idle stream and finds dead ones. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry:` field). */
export const EVENT_STREAM_RETRY_MS = 3_000;
/** Streams one account may hold open at once in one server process: a tab holds one. */
export const EVENT_STREAMS_PER_USER = 10;
/** Without a stream (no EventSource, or refused), pages with running calls ask again this often. */
export const LIVE_STATUS_POLL_MS = 5_000;

export const LIVE_STATUS_TEXTS = {
  tooManyStreams: 'Too many live update streams are open for this account. Close a tab to free one.',
  /** The notification when a call finishes, by service ("Video ready"). */
  ready: {
    image: 'Image ready',
    video: 'Video ready',
    sora: 'Watermark removed',
    linkedin: 'LinkedIn data ready',
  } satisfies Record<Service, string>,
  /** The notification when a call fails; its message is the failure reason when the page knows it. */
  failed: {
    image: 'Image generation failed',
    video: 'Video generation failed',
    sora: 'Watermark removal failed',
    linkedin: 'LinkedIn scraping failed',
  } satisfies Record<Service, string>,
  failedRefunded: 'The call failed and its credits were refunded.',
  /** A call ended by its developer's cancel or Cancel-After: refunded, no result. */
  stopped: { canceled: 'Call canceled', aborted: 'Call aborted before it started' },
  stoppedMessage: (taskId: string) => `Task ${taskId} ended without a result; its credits were refunded.`,
  /** The message under "Video ready" and the like. */
  readyMessage: (taskId: string) => `Task ${taskId} finished.`,
  /** One notification for several calls that finished together. */
  manyFinished: (count: number) => `${count} calls finished`,
  manyFinishedMessage: (completed: number, failed: number) =>
    failed === 0
      ? `All ${completed} completed.`
      : `${completed} completed, ${failed} failed, canceled or aborted, and refunded.`,
} as const;

/**
 * Calls whose end a page announces: the ones that run in the background. Image and LinkedIn
 * calls answer with their result, so their caller already knows.
 */
export const ANNOUNCED_SERVICES: readonly Service[] = ['video', 'sora'];
