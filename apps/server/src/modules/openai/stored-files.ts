import type { Readable } from 'node:stream';
import { NotFound } from '../../platform/errors.ts';
import type { ResultStore } from '../files/result-store.ts';

/** The store's key of one of our file URLs (`…/files/<task>/<name>`). */
export function storeKeyOf(url: string): string {
  const match = /\/files\/([^/]+\/[^/?#]+)$/.exec(new URL(url).pathname);
  if (!match?.[1]) throw new NotFound('File not found');
  return match[1];
}

/** A stored result's bytes, whole (an image, for `b64_json`). */
export async function storedFileBytes(store: ResultStore, url: string): Promise<Buffer> {
  const body = await store.read(storeKeyOf(url));
  if (!body) throw new NotFound('File not found');
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
