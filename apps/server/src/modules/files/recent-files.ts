import type { ResultStore } from './result-store.ts';

/** A file larger than this is never kept in memory. */
const MAX_FILE_BYTES = 1024 * 1024;
/** How long a stored file is kept: the download that follows a sync call comes within seconds. */
const KEEP_MS = 60_000;

interface Kept {
  data: Buffer;
  etag: string;
  keptAt: number;
}

/**
 * The small results this process stored in the last minute, kept in memory up to `maxBytes`: a
 * client downloads its result right after the sync call answers, and that download then costs no
 * trip to the disk or the bucket. A result never changes under its random name, so a kept copy is
 * never stale; the files route checks the result's expiry before it asks the store, and deleting a
 * task's files forgets them here too. Other processes read the store itself.
 */
export function withRecentFiles(store: ResultStore, maxBytes: number): ResultStore {
  if (maxBytes <= 0) return store;
  const kept = new Map<string, Kept>();
  let keptBytes = 0;

  const drop = (key: string) => {
    const file = kept.get(key);
    if (!file) return;
    kept.delete(key);
    keptBytes -= file.data.length;
  };
  /** Oldest first (a Map keeps insertion order): past their minute, or beyond the byte budget. */
  const prune = (now: number) => {
    for (const [key, file] of kept) {
      if (keptBytes <= maxBytes && now - file.keptAt < KEEP_MS) return;
      drop(key);
    }
  };
  const fresh = (key: string) => {
    const file = kept.get(key);
    if (!file) return undefined;
    if (Date.now() - file.keptAt < KEEP_MS) return file;
    drop(key);
    return undefined;
  };

  return {
    ...store,
    async put(key, body, contentType) {
      const etag = await store.put(key, body, contentType);
      if (etag && Buffer.isBuffer(body) && body.length <= MAX_FILE_BYTES) {
        drop(key);
        kept.set(key, { data: body, etag, keptAt: Date.now() });
        keptBytes += body.length;
        prune(Date.now());
      }
      return etag;
    },
    async stat(key) {
      const file = fresh(key);
      return file ? { size: file.data.length, etag: file.etag } : store.stat(key);
    },
    async read(key, range) {
      const file = fresh(key);
      if (!file) return store.read(key, range);
      return range ? file.data.subarray(range.start, range.end + 1) : file.data;
    },
    async deleteTask(taskId) {
      for (const key of [...kept.keys()]) if (key.startsWith(`${taskId}/`)) drop(key);
      await store.deleteTask(taskId);
    },
  };
}
