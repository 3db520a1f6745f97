import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import type { ResultFile } from '../engines/engine.ts';

/** Largest result we copy from an upstream (a few minutes of 1080p video). */
const MAX_RESULT_BYTES = 300 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;

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

export const filesDir = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'files');

async function download(url: string): Promise<{ data: Buffer; extension: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`Result download failed with HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_RESULT_BYTES) throw new Error('Result file is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_RESULT_BYTES) throw new Error('Result file is too large');
    chunks.push(Buffer.from(chunk));
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const fromPath = path.extname(new URL(url).pathname).slice(1).toLowerCase().replace('jpeg', 'jpg');
  const extension = EXTENSIONS[type] ?? (CONTENT_TYPES[fromPath] ? fromPath : 'mp4');
  return { data: Buffer.concat(chunks), extension };
}

/**
 * Keeps a result on our own storage (DATA_DIR/files/<task>/<random>.<ext>) and answers its
 * public URL: upstream links expire within a day, ours do not, and no upstream URL ever
 * reaches a customer.
 */
export async function storeResultFile(
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL'>,
  taskId: string,
  file: ResultFile,
): Promise<string> {
  const { data, extension } =
    file.kind === 'bytes'
      ? { data: file.data, extension: file.extension.replace('jpeg', 'jpg') }
      : await download(file.url);
  const name = `${randomBytes(16).toString('hex').slice(0, 20)}.${extension}`;
  const dir = path.join(filesDir(config), taskId);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), data);
  return `${config.PUBLIC_URL}/files/${taskId}/${name}`;
}
