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

/**
 * A Markdown table of `rows` under `header`, left-aligned in its first `leftColumns` columns and
 * right-aligned after them, with `note` below it.
 */
export function markdownTable(header: string[], rows: unknown[][], note: string, leftColumns = 1): string {
  const line = (cells: unknown[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map((_, index) => (index < leftColumns ? '---' : '---:'))),
    ...rows.map(line),
    '',
    note,
  ].join('\n');
}

/** A bench's results: `results` in bench/`jsonName`, `table` in the README section `section` and on stdout. */
export async function publishResults(jsonName: string, section: string, results: unknown, table: string) {
  await writeFile(path.join(ROOT, 'bench', jsonName), `${JSON.stringify(results, null, 2)}\n`);
  await writeReadmeSection(section, table);
  console.log(table);
}
