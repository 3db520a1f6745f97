import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built web app in a temporary folder, for a runtime's `webDistDir`: each file by the path it
 * is served at ('/assets/main.js'; folders are made as needed). `remove` deletes the folder.
 */
export async function writeWebDist(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'conduit-dist-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
