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

  it('a callback that came while nobody slept ends the next sleep on its task at once; a settle does not linger', async () => {
    const waiters = createTaskWaiters();
    expect(waiters.calledBack('task_c')).toBe(false);
    expect(waiters.wake('task_d')).toBe(false);
    const started = performance.now();
    await waiters.sleep('task_c', 5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Remembered once: the sleep after it waits its time again.
    const again = performance.now();
    await waiters.sleep('task_c', 100);
    expect(performance.now() - again).toBeGreaterThanOrEqual(90);
    // A plain wake with nobody asleep is not remembered.
    const later = performance.now();
    await waiters.sleep('task_d', 100);
    expect(performance.now() - later).toBeGreaterThanOrEqual(90);
  });
});
