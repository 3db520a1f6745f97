import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import { request } from 'undici';
import type { Config } from '../../platform/config.ts';
import type { ResultFile } from '../engines/engine.ts';
import { headerOf, upstreamAgent } from '../engines/upstream-http.ts';
import type { ResultStore } from './result-store.ts';

/** Largest result we copy from an upstream (a few minutes of 1080p video). */
const MAX_RESULT_BYTES = 300 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;
/** A download that declares at most this many bytes is read whole, then stored in one write. */
const WHOLE_BELOW_BYTES = 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/json': 'json',
};
export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type]),
);
export const FILE_NAME_PATTERN = /^[a-z0-9]{20}\.(png|jpg|webp|mp4|mov|json)$/;
export const TASK_DIR_PATTERN = /^task_[a-z0-9]{16}$/;

export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream';

/** Passes bytes through, failing the stream once more than `limit` have gone by. */
function byteLimit(limit: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength;
      callback(size > limit ? new Error('Result file is too large') : null, chunk);
    },
  });
}

/**
 * An upstream's result with the extension it will be kept under: a stream (never whole in memory),
 * or, for a file that declares a small size, its bytes.
 */
async function download(url: string): Promise<{ body: Readable | Buffer; extension: string }> {
  const response = await request(url, {
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    dispatcher: upstreamAgent,
  });
  const { statusCode, headers } = response;
  if (statusCode < 200 || statusCode >= 300) {
    response.body.destroy();
    throw new Error(`Result download failed with HTTP ${statusCode}`);
  }
  const contentLength = headerOf(headers, 'content-length');
  const declared = Number(contentLength ?? 0);
  if (declared > MAX_RESULT_BYTES) {
    response.body.destroy();
    throw new Error('Result file is too large');
  }
  const type = (headerOf(headers, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
  const fromPath = path.extname(new URL(url).pathname).slice(1).toLowerCase().replace('jpeg', 'jpg');
  const extension = EXTENSIONS[type] ?? (CONTENT_TYPES[fromPath] ? fromPath : 'mp4');
  if (contentLength !== null && declared <= WHOLE_BELOW_BYTES) {
    // HTTP/1.1 framing holds the body to its declared length.
    return { body: Buffer.from(await response.body.arrayBuffer()), extension };
  }
  // pipeline passes a failure of either side (a cut download, too many bytes) on to the store.
  const body = pipeline(response.body, byteLimit(MAX_RESULT_BYTES), () => {});
  return { body, extension };
}

/**
 * Keeps a result in our own store (key `<task>/<random>.<ext>`) and answers its public URL:
 * upstream links expire within a day, ours last the retention period, and no upstream URL
 * ever reaches a customer.
 */
export async function storeResultFile(
  store: ResultStore,
  config: Pick<Config, 'PUBLIC_URL'>,
  taskId: string,
  file: ResultFile,
): Promise<string> {
  const { body, extension } =
    file.kind === 'bytes'
      ? { body: file.data, extension: file.extension.replace('jpeg', 'jpg') }
      : await download(file.url);
  const name = `${randomBytes(16).toString('hex').slice(0, 20)}.${extension}`;
  await store.put(`${taskId}/${name}`, body, contentTypeOf(name));
  return `${config.PUBLIC_URL}/files/${taskId}/${name}`;
}
