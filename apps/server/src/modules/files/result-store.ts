import type { Readable } from 'node:stream';
import { type Config, ConfigError } from '../../platform/config.ts';
import { createFsStore } from './fs-store.ts';
import { withRecentFiles } from './recent-files.ts';
import { createS3Store } from './s3-store.ts';

/** What is known of a stored file without reading it. */
export interface StoredFileInfo {
  size: number;
  /** Changes when the bytes do: the answer's ETag and what If-Range compares. */
  etag: string;
}

/**
 * Where result files live, by key `<taskId>/<name>`: the local file system (one machine) or
 * S3-compatible object storage (every API and worker process sees the same files).
 */
export interface ResultStore {
  readonly kind: Config['STORAGE'];
  /**
   * Stores `body` under `key` (a stream is streamed in; a small file comes whole); a body that
   * fails part-way leaves nothing behind. Answers the file's ETag when the store knows it without
   * another request (what `stat` will say).
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<string | undefined>;
  /** The file's size and version, or undefined when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /**
   * The file's bytes, `start` to `end` inclusive when given (a stream, or the bytes themselves when
   * they are at hand); undefined when it is gone.
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | Buffer | undefined>;
  /** Deletes every file of a task (also those a losing concurrent step stored). */
  deleteTask(taskId: string): Promise<void>;
  /** Throws when the store cannot be written to or reached (the start and /readyz ask). */
  check(): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** The configured store, with the small results this process stored lately kept in memory. */
export const createResultStore = (config: Config): ResultStore =>
  withRecentFiles(
    config.STORAGE === 's3' ? createS3Store(config) : createFsStore(config),
    config.RECENT_RESULTS_MB * 1024 * 1024,
  );

/** The process's store, checked: an unreachable one stops the start with one line. */
export async function openResultStore(config: Config): Promise<ResultStore> {
  const store = createResultStore(config);
  try {
    await store.check();
  } catch (error) {
    const where = config.STORAGE === 's3' ? `S3 bucket "${config.S3_BUCKET}"` : 'DATA_DIR/files';
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Storage unavailable: ${where} (${reason.split('\n')[0]})`);
  }
  return store;
}
