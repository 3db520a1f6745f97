import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRecentFiles } from './recent-files.ts';
import type { ResultStore } from './result-store.ts';

/** A store in a map that counts what reaches it. */
function countingStore() {
  const files = new Map<string, Buffer>();
  const reached = { stats: 0, reads: 0 };
  const store: ResultStore = {
    kind: 'fs',
    async put(key, body) {
      files.set(key, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
      return Buffer.isBuffer(body) ? `"v-${key}"` : undefined;
    },
    async stat(key) {
      reached.stats += 1;
      const data = files.get(key);
      return data && { size: data.length, etag: `"v-${key}"` };
    },
    async read(key, range) {
      reached.reads += 1;
      const data = files.get(key);
      return data && (range ? data.subarray(range.start, range.end + 1) : data);
    },
    async deleteTask(taskId) {
      for (const key of files.keys()) if (key.startsWith(`${taskId}/`)) files.delete(key);
    },
    async check() {},
    close() {},
  };
  return { store, reached };
}

describe('results kept in memory after storing them', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a file it stored itself without the store, for a minute, ranges included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, reached } = countingStore();
    const kept = withRecentFiles(store, 1024);
    await kept.put('task_a/x.png', Buffer.from('0123456789'), 'image/png');
    expect(await kept.stat('task_a/x.png')).toEqual({ size: 10, etag: '"v-task_a/x.png"' });
    expect(await kept.read('task_a/x.png', { start: 2, end: 4 })).toEqual(Buffer.from('234'));
    expect(reached).toEqual({ stats: 0, reads: 0 });

    vi.setSystemTime(Date.now() + 61_000);
    expect((await kept.stat('task_a/x.png'))?.size).toBe(10);
    expect(reached.stats).toBe(1);
  });

  it('keeps within its bytes, oldest out first; streams and large files are not kept', async () => {
    const { store, reached } = countingStore();
    const kept = withRecentFiles(store, 25);
    await kept.put('task_a/1.png', Buffer.alloc(10), 'image/png');
    await kept.put('task_a/2.png', Buffer.alloc(10), 'image/png');
    await kept.put('task_a/3.png', Buffer.alloc(10), 'image/png');
    await kept.stat('task_a/1.png');
    expect(reached.stats).toBe(1);
    await kept.stat('task_a/3.png');
    expect(reached.stats).toBe(1);

    await kept.put('task_b/big.mp4', Buffer.alloc(2 * 1024 * 1024), 'video/mp4');
    await kept.put('task_b/streamed.mp4', Readable.from([Buffer.alloc(5)]), 'video/mp4');
    await kept.stat('task_b/big.mp4');
    await kept.stat('task_b/streamed.mp4');
    expect(reached.stats).toBe(3);
  });

  it('forgets a task whose files are deleted', async () => {
    const { store } = countingStore();
    const kept = withRecentFiles(store, 1024);
    await kept.put('task_a/x.png', Buffer.alloc(4), 'image/png');
    await kept.deleteTask('task_a');
    expect(await kept.stat('task_a/x.png')).toBeUndefined();
    expect(await kept.read('task_a/x.png')).toBeUndefined();
  });
});
