import { describe, expect, it } from 'vitest';
import { createMemoryWindowCounter } from './rate-windows-memory.ts';

const WINDOWS = [
  { name: 'minute', seconds: 60 },
  { name: 'hour', seconds: 3_600 },
] as const;

describe('memory rate-limit windows', () => {
  it('counts per account and window, each window starting at its first request', () => {
    let now = 1_000_000;
    const counter = createMemoryWindowCounter(() => now);
    expect(counter.count('acc_a', WINDOWS)).toEqual([
      { consumed: 1, msBeforeNext: 60_000 },
      { consumed: 1, msBeforeNext: 3_600_000 },
    ]);
    now += 10_000;
    expect(counter.count('acc_a', WINDOWS)).toEqual([
      { consumed: 2, msBeforeNext: 50_000 },
      { consumed: 2, msBeforeNext: 3_590_000 },
    ]);
    expect(counter.count('acc_b', WINDOWS)[0]).toEqual({ consumed: 1, msBeforeNext: 60_000 });
    expect(counter.peek('acc_a', ['minute', 'hour'])).toEqual([2, 2]);
  });

  it('starts a window afresh once it has passed, and peeks 0 for a passed window', () => {
    let now = 0;
    const counter = createMemoryWindowCounter(() => now);
    for (let call = 0; call < 5; call += 1) counter.count('acc_a', WINDOWS);
    now = 60_000;
    expect(counter.peek('acc_a', ['minute', 'hour'])).toEqual([0, 5]);
    expect(counter.count('acc_a', WINDOWS)).toEqual([
      { consumed: 1, msBeforeNext: 60_000 },
      { consumed: 6, msBeforeNext: 3_540_000 },
    ]);
  });

  it('forgets passed windows of idle accounts, so memory follows recent accounts', () => {
    let now = 0;
    const counter = createMemoryWindowCounter(() => now);
    for (let account = 0; account < 1_000; account += 1) counter.count(`acc_${account}`, [WINDOWS[0]]);
    now = 120_000;
    counter.count('acc_new', [WINDOWS[0]]);
    expect(counter.peek('acc_1', ['minute'])).toEqual([0]);
    expect(counter.size()).toBe(1);
  });
});
