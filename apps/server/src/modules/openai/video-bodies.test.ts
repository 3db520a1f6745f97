import { OpenAIVideo, TASK_STATUSES } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../tasks/schema.ts';
import { openAIVideoOf } from './video-bodies.ts';

const created = new Date('2026-12-07T10:00:00Z');

/** A video task as the tasks table holds it, in `status`. */
const taskIn = (status: TaskRow['status'], started: boolean) =>
  ({
    id: 'task_1',
    status,
    model: 'fast',
    request: { prompt: 'a drone over hills', aspectRatio: '9:16' },
    createdAt: created,
    deadlineAt: new Date(created.getTime() + 600_000),
    upstreamStartedAt: started ? created : null,
    completedAt: status === 'processing' ? null : new Date(created.getTime() + 60_000),
    resultsExpireAt: status === 'completed' ? new Date(created.getTime() + 86_400_000) : null,
    error: status === 'failed' ? 'upstream refused' : null,
  }) as unknown as TaskRow;

describe('a video task in OpenAI words', () => {
  it('every status of the tasks table answers a valid OpenAI video, refunded ones failed with why', () => {
    const now = new Date(created.getTime() + 120_000);
    const seen = TASK_STATUSES.flatMap((status) =>
      [false, true].map((started) => {
        const video = OpenAIVideo.parse(openAIVideoOf(taskIn(status, started), now));
        return [status, started, video.status, video.error?.code ?? null];
      }),
    );
    expect(seen).toEqual(
      TASK_STATUSES.flatMap((status) =>
        [false, true].map((started) => {
          if (status === 'completed') return [status, started, 'completed', null];
          if (status === 'processing') return [status, started, started ? 'in_progress' : 'queued', null];
          return [status, started, 'failed', status === 'failed' ? 'generation_failed' : status];
        }),
      ),
    );
  });
});
