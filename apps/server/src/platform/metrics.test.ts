import { describe, expect, it } from 'vitest';
import { createRollingWindow } from './metrics.ts';

describe('rolling request window', () => {
  it('sums the requests of the window, their mean duration and errors', () => {
    const window = createRollingWindow(5 * 60_000, 1_000);
    const t0 = 1_800_000_000_000;
    window.record(t0, 10, false);
    window.record(t0 + 500, 30, true);
    window.record(t0 + 60_000, 20, false);
    // (10 + 30 + 20) / 3 = 20 ms; 1 error of 3
    expect(window.summary(t0 + 60_000)).toEqual({ requests: 3, errors: 1, meanMs: 20 });
  });

  it('forgets requests older than the window, to one bucket', () => {
    const window = createRollingWindow(5 * 60_000, 1_000);
    const t0 = 1_800_000_000_000;
    window.record(t0, 100, true);
    window.record(t0 + 200_000, 10, false);
    // t0's bucket is still inside 300 s later less one bucket
    expect(window.summary(t0 + 299_000)).toEqual({ requests: 2, errors: 1, meanMs: 55 });
    expect(window.summary(t0 + 300_000)).toEqual({ requests: 1, errors: 0, meanMs: 10 });
    expect(window.summary(t0 + 600_000)).toEqual({ requests: 0, errors: 0, meanMs: 0 });
    // a bucket reused a whole window later starts from zero
    window.record(t0 + 300_000, 40, false);
    expect(window.summary(t0 + 300_000)).toEqual({ requests: 2, errors: 0, meanMs: 25 });
  });

  it('ignores a late record for a bucket that was already reused', () => {
    const window = createRollingWindow(10_000, 1_000);
    const t0 = 1_800_000_000_000;
    window.record(t0 + 10_000, 5, false);
    window.record(t0, 1_000, true);
    expect(window.summary(t0 + 10_000)).toEqual({ requests: 1, errors: 0, meanMs: 5 });
  });
});
