import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Puts `table` between `<!-- name -->` and `<!-- /name -->` in bench/README.md (appending the
 * section the first time), then formats the README as the formatter, and so `npm run lint`, wants it.
 */
export async function writeReadmeSection(name: string, table: string): Promise<void> {
  const readmePath = path.join(ROOT, 'bench/README.md');
  const readme = await readFile(readmePath, 'utf8').catch(() => '');
  const marker = new RegExp(`<!-- ${name} -->[\\s\\S]*<!-- /${name} -->`);
  const block = `<!-- ${name} -->\n${table}\n<!-- /${name} -->`;
  await writeFile(
    readmePath,
    marker.test(readme) ? readme.replace(marker, () => block) : `${readme}\n${block}\n`,
  );
  spawnSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', readmePath], {
    stdio: 'ignore',
  });
}
