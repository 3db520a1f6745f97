import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The packages' READMEs show their examples from files (`<!-- example: examples/x.ts -->` before
// a code block), which tsc checks in `npm run typecheck` and the packed-packages test compiles
// and runs from the installed tarballs: a README example cannot drift from code that works.
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PACKAGES = ['packages/client', 'packages/mcp'];
const MARKED_BLOCK = /<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g;

describe('README examples', () => {
  for (const dir of PACKAGES) {
    it(`${dir}: every example file is in the README, word for word`, () => {
      const readme = readFileSync(path.join(ROOT, dir, 'README.md'), 'utf8');
      const shown = new Map([...readme.matchAll(MARKED_BLOCK)].map((match) => [match[1], match[2]]));
      const files = readdirSync(path.join(ROOT, dir, 'examples')).map((name) => `examples/${name}`);
      expect([...shown.keys()].sort()).toEqual(files.sort());
      for (const file of files)
        expect(shown.get(file), file).toBe(readFileSync(path.join(ROOT, dir, file), 'utf8'));
    });
  }
});
