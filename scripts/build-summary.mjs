// `npm start` builds the web app quietly: vite's ~100 lines of asset sizes become this one line,
// and the whole output is shown only when the build fails.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files and bytes under `dir`. */
export function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = folderSize(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

/** "built in 8.2 s: 181 files, 2.4 MB in apps/web/dist" */
export function buildSummary({ files, bytes }, ms, where) {
  const size = bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} kB`;
  return `built in ${(ms / 1000).toFixed(1)} s: ${files} files, ${size} in ${where}`;
}
