import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../platform/config.ts';
import type { ResultStore } from './result-store.ts';

export const filesDir = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'files');

/**
 * A file's version: its size and the start of its random name. Files are written once, under a
 * name nobody else gets, and never change, so this needs no read of the disk.
 */
const etagOf = (key: string, size: number) => `"${size.toString(16)}-${path.basename(key).slice(0, 10)}"`;

/** Result files under DATA_DIR/files/<taskId>/<name>: the default, for one machine. */
export function createFsStore(config: Pick<Config, 'DATA_DIR'>): ResultStore {
  const root = filesDir(config);
  const fileOf = (key: string) => path.join(root, key);
  return {
    kind: 'fs',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written in place: the name is random and only published (in the task's result) once this
      // resolves, so nobody can ask for it half-written, and a failed write leaves nothing.
      try {
        if (Buffer.isBuffer(body)) {
          await writeFile(file, body, { flag: 'wx' });
          return etagOf(key, body.length);
        }
        await pipeline(body, createWriteStream(file, { flags: 'wx' }));
        return undefined;
      } catch (error) {
        // A file that was already there ('wx' refused it) is not this write's to remove.
        if ((error as { code?: string }).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
    },
    async stat(key) {
      const info = await stat(fileOf(key)).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { size: info.size, etag: etagOf(key, info.size) };
    },
    async read(key, range) {
      return createReadStream(fileOf(key), range);
    },
    async deleteTask(taskId) {
      await rm(path.join(root, taskId), { recursive: true, force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    close() {},
  };
}
