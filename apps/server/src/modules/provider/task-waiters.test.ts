import { describe, expect, it } from 'vitest';
import { createTaskWaiters } from './task-waiters.ts';

describe('task waiters', () => {
  it('a sleeper wakes at its time, or at once when its task is woken; others sleep on', async () => {
    const waiters = createTaskWaiters();
    const started = performance.now();
    let otherWoke = false;
    const other = waiters.sleep('task_b', 300).then(() => (otherWoke = true));
    const woken = waiters.sleep('task_a', 5_000);
    setTimeout(() => waiters.wake('task_a'), 20);
    await woken;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(otherWoke).toBe(false);
    await other;
    expect(waiters.size()).toBe(0);
  });

  it('a callback wakes the call that expects it, with nothing else to do; others go to the database', async () => {
    const waiters = createTaskWaiters();
    expect(waiters.callback('up_unknown')).toBe(false);

    waiters.expectCallback('up_a', 'task_a');
    const sleeping = waiters.sleep('task_a', 5_000);
    expect(waiters.callback('up_a')).toBe(true);
    expect(await sleeping).toBe('callback');
    // A second callback while the call is busy looking: its next sleep ends at once.
    expect(waiters.callback('up_a')).toBe(true);
    expect(await waiters.sleep('task_a', 5_000)).toBe('callback');

    waiters.forgetCallback('up_a');
    expect(waiters.callback('up_a')).toBe(false);
    expect(await waiters.sleep('task_a', 20)).toBe('timer');
  });

  it('a callback that beat its call to expecting it is not lost', async () => {
    const waiters = createTaskWaiters();
    expect(waiters.callback('up_quick')).toBe(false);
    waiters.expectCallback('up_quick', 'task_quick');
    expect(await waiters.sleep('task_quick', 5_000)).toBe('callback');
  });
});
