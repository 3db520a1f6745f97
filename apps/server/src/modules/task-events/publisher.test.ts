import { describe, expect, it } from 'vitest';
import type { ChannelMessage } from '../../platform/events-channel.ts';
import { withoutRepeatedEvents } from './publisher.ts';

describe('the events publisher', () => {
  it('sends one "new events" message per workspace of a batch, every other message as it came, in order', () => {
    const task = (taskId: string, workspaceId: string): ChannelMessage => ({
      kind: 'task',
      workspaceId,
      taskId,
      service: 'video',
      status: 'processing',
    });
    const batch: ChannelMessage[] = [
      task('task_1', 'w1'),
      { kind: 'event', workspaceId: 'w1' },
      task('task_2', 'w2'),
      { kind: 'event', workspaceId: 'w2' },
      task('task_3', 'w1'),
      { kind: 'event', workspaceId: 'w1' },
      { kind: 'wake', taskId: 'task_3' },
      { kind: 'event', workspaceId: 'w2' },
      { kind: 'keys', workspaceId: 'w1' },
    ];
    const [task1, event1, task2, event2, task3, event1Again, wake, event2Again, keys] = batch;
    // The events of w1 and w2 already in the batch are dropped; the rest keeps its order.
    expect([event1Again, event2Again]).toEqual([event1, event2]);
    expect(withoutRepeatedEvents(batch)).toEqual([task1, event1, task2, event2, task3, wake, keys]);
  });
});
