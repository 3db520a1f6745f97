import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSummary, folderSize } from './build-summary.mjs';

// `npm start` prints one line for the web build instead of vite's list of every asset.
describe("npm start's build line", () => {
  it('counts the files and bytes built, and says it in one line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-summary-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), 'x'.repeat(1500));
      writeFileSync(path.join(dir, 'assets', 'a.js'), 'y'.repeat(2500));
      const size = folderSize(dir);
      expect(size).toEqual({ files: 2, bytes: 4000 });
      expect(buildSummary(size, 8_234, 'apps/web/dist')).toBe(
        'built in 8.2 s: 2 files, 4 kB in apps/web/dist',
      );
      expect(buildSummary({ files: 181, bytes: 2_440_000 }, 950, 'dist')).toBe(
        'built in 0.9 s: 181 files, 2.4 MB in dist',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
