import { describe, expect, it } from 'vitest';
import { batchLookup, coalesce } from './coalesce.ts';

describe('coalesce', () => {
  it('runs at once when idle, and groups what arrives during a run into the next one', async () => {
    const runs: number[][] = [];
    let release: () => void = () => {};
    const add = coalesce<number>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    add(1);
    add(2);
    add(3);
    expect(runs).toEqual([[1]]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual([[1], [2, 3]]);
  });

  it('keeps going after a failed run', async () => {
    const seen: number[] = [];
    const add = coalesce<number>(async (items) => {
      seen.push(...items);
      if (items.includes(1)) throw new Error('boom');
    });
    add(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    add(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([1, 2]);
  });
});

describe('coalesce with a linger', () => {
  it('an item that finds nothing running waits for company: items of the next moments share its run', async () => {
    const runs: number[][] = [];
    const push = coalesce<number>(
      async (items) => {
        runs.push(items);
      },
      1_000,
      50,
    );
    push(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    push(2);
    push(3);
    expect(runs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('drained() waits for the items queued behind a run in flight, and for nothing when idle', async () => {
    const done: number[] = [];
    const push = coalesce<number>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push(...items);
    });
    await push.drained();
    push(1);
    push(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    push(3);
    await push.drained();
    expect(done).toEqual([1, 2, 3]);
  });
});

describe('batchLookup', () => {
  it('answers each caller its own key from shared loads, each key loaded once per batch', async () => {
    const loads: string[][] = [];
    const find = batchLookup<string, number>(async (keys) => {
      loads.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.length]));
    });
    const answers = await Promise.all(['a', 'bb', 'bb', 'missing', 'cccc'].map(find));
    expect(answers).toEqual([1, 2, 2, undefined, 4]);
    expect(loads).toEqual([['a'], ['bb', 'missing', 'cccc']]);
  });

  it('rejects every caller of a failed load', async () => {
    const find = batchLookup<string, number>(async () => {
      throw new Error('database away');
    });
    await expect(Promise.all([find('a'), find('b')])).rejects.toThrow('database away');
  });
});
