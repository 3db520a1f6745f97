import type { ApiPromise } from './api-promise.ts';
import type { CallOptions } from './transport.ts';

export interface DownloadOptions extends CallOptions {
  /** A byte range, e.g. `bytes=0-1023` (result files answer 206 with it). */
  range?: string;
}

export interface SavedFile {
  path: string;
  bytes: number;
  contentType: string | null;
}

/**
 * Writes a result file to disk as it arrives (Node only: node:fs is loaded on first use, so the
 * client itself stays usable in browsers and other runtimes).
 */
export async function saveResponse(download: ApiPromise<Response>, path: string): Promise<SavedFile> {
  const [{ createWriteStream }, { Readable, Transform }, { pipeline }] = await Promise.all([
    import('node:fs'),
    import('node:stream'),
    import('node:stream/promises'),
  ]);
  const response = await download;
  if (!response.body) throw new Error(`The answer for ${response.url} has no body`);
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const body = Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]);
  await pipeline(body, count, createWriteStream(path));
  return { path, bytes, contentType: response.headers.get('content-type') };
}
