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
});
