import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStore, filesDir } from './fs-store.ts';
import type { ResultStore } from './result-store.ts';

/*
 * The disk store on its own, as the files route and retention use it: many writes at once each
 * leave their own bytes, and a write refused or failed takes nothing away.
 */
let dataDir: string;
let store: ResultStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-fs-store-'));
  store = createFsStore({ DATA_DIR: dataDir });
  await store.check();
});
afterAll(async () => {
  store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const bytes = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + seed) % 256));
const onDisk = (key: string) => readFile(path.join(filesDir({ DATA_DIR: dataDir }), key));

describe('the disk result store', () => {
  it('writes 200 files of 200 tasks at once, each with its own bytes, size and version', async () => {
    const files = Array.from({ length: 200 }, (_, index) => ({
      key: `task_${String(index).padStart(16, '0')}/${String(index).padStart(20, 'a')}.png`,
      data: bytes(100 + index, index),
    }));
    const etags = await Promise.all(files.map((file) => store.put(file.key, file.data, 'image/png')));
    for (const [index, file] of files.entries()) {
      expect((await onDisk(file.key)).equals(file.data)).toBe(true);
      expect(await store.stat(file.key)).toEqual({ size: file.data.length, etag: etags[index] });
    }
  });

  it('refuses to write over a file that exists, and keeps its bytes', async () => {
    const key = 'task_twice00000000000/dddddddddddddddddddd.png';
    await store.put(key, bytes(50, 1), 'image/png');
    await expect(store.put(key, bytes(60, 2), 'image/png')).rejects.toThrow(/EEXIST/);
    expect((await onDisk(key)).equals(bytes(50, 1))).toBe(true);
    await store.deleteTask('task_twice00000000000');
    expect(await readdir(filesDir({ DATA_DIR: dataDir }))).not.toContain('task_twice00000000000');
  });
});
