#!/usr/bin/env node
// Part of `npm run lint`: every document a comment, test or doc cites must be in the repository,
// down to the heading. Cited: paths ending in .md (with `#anchor` or `, "Heading"` after them),
// paths under docs/, and "decision NNNN". Refused outright: citations of the product
// specification that the repository never held (its numbered sections); docs/product.md says it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCANNED = /\.(?:ts|tsx|mts|mjs|js|md|sql|css|html|ya?ml)$|(?:^|\/)(?:Dockerfile|run)$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  '.tools',
  'test-results',
  'playwright-report',
]);

/** Its test, which holds broken citations on purpose as samples. */
const SAMPLE_FILES = new Set(['scripts/check-references.test.ts']);

/** Phrases that cite the outside specification; nothing in the repository can answer them. */
const OUTSIDE_SPEC = [
  /\bspec(?:'s)?\s+sections?\b/gi,
  /\bthe\s+spec(?:'s)?\b/gi,
  /\([Ss]pec:\s+(?![A-Z]\w*\))/g,
  /\bspec's\b/gi,
  /\bspec\s+texts?\b/gi,
  /\bplatform-spec\b/gi,
];
const MD_PATH = /(?<![\w/.:@-])((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?(?:,\s*["“]([^"”\n]+)["”])?/g;
/** Paths under docs/ that are not .md files (those MD_PATH checks): folders, other files. */
const DOCS_PATH = /(?<![\w/.:@-])(docs\/[\w./-]*[\w-])(?![\w/.-])/g;
const DECISION = /\bdecisions?\s+(\d{4})\b/gi;
/** A heading citation broken over two lines, which the checks above would not see whole. */
const SPLIT_HEADING = /\.md,\s*(?:["“][^"”\n]*)?$/;
const QUOTE_FIRST = /^\s*(?:\*|\/\/|#|--)?\s*["“]/;

/** The files the check reads: those git tracks or would track, or every file outside a checkout. */
export function listFiles(root) {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return out.split('\0').filter((file) => file && existsSync(path.join(root, file)));
  } catch {
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
        else if (entry.isFile()) files.push(path.join(dir, entry.name).split(path.sep).join('/'));
      }
    };
    walk('');
    return files;
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const plainHeading = (heading) => heading.replace(/[`*_]/g, '').trim().toLowerCase();

function headingsOf(markdown) {
  const names = new Set();
  const anchors = new Set();
  let isInFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) isInFence = !isInFence;
    const match = !isInFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    names.add(plainHeading(match[1]));
    const anchor = anchorOf(match[1]);
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n += 1) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  return { names, anchors };
}

/** Every citation in the files that does not resolve: `{ file, line, reference, problem }`. */
export function findBrokenReferences(root, files = listFiles(root)) {
  const headingCache = new Map();
  const headings = (file) => {
    if (!headingCache.has(file))
      headingCache.set(file, headingsOf(readFileSync(path.join(root, file), 'utf8')));
    return headingCache.get(file);
  };
  /** A cited path, from the repository root or from the citing file's folder. */
  const resolve = (from, cited) =>
    [cited, path.posix.join(path.posix.dirname(from), cited)]
      .map((candidate) => path.posix.normalize(candidate))
      .find((candidate) => !candidate.startsWith('..') && existsSync(path.join(root, candidate)));
  const decisions = existsSync(path.join(root, 'docs/decisions'))
    ? readdirSync(path.join(root, 'docs/decisions'))
    : [];

  const broken = [];
  for (const file of files.filter((name) => SCANNED.test(name) && !SAMPLE_FILES.has(name))) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const report = (reference, problem) => broken.push({ file, line: index + 1, reference, problem });
      for (const pattern of OUTSIDE_SPEC) {
        for (const match of text.matchAll(pattern)) {
          report(
            match[0],
            'cites the product specification, which is not in the repository: cite docs/product.md',
          );
        }
      }
      for (const [reference, cited, anchor, heading] of text.matchAll(MD_PATH)) {
        const target = resolve(file, cited);
        if (!target || !statSync(path.join(root, target)).isFile()) {
          report(reference, `${cited} is not in the repository`);
        } else if (anchor && !headings(target).anchors.has(anchor.toLowerCase())) {
          report(reference, `${target} has no heading with the anchor #${anchor}`);
        } else if (heading && !headings(target).names.has(plainHeading(heading))) {
          report(reference, `${target} has no heading "${heading}"`);
        }
      }
      for (const [reference, cited] of text.matchAll(DOCS_PATH)) {
        if (!cited.endsWith('.md') && !resolve(file, cited))
          report(reference, `${cited} is not in the repository`);
      }
      if (
        SPLIT_HEADING.test(text) &&
        (/["“][^"”]*$/.test(text) || QUOTE_FIRST.test(lines[index + 1] ?? ''))
      ) {
        report(text.trim(), 'a citation of a heading must stay on one line');
      }
      for (const [reference, number] of text.matchAll(DECISION)) {
        if (!decisions.some((name) => name.startsWith(`${number}-`))) {
          report(reference, `docs/decisions/ has no decision ${number}`);
        }
      }
    });
  }
  return broken;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const broken = findBrokenReferences(root);
  for (const { file, line, reference, problem } of broken)
    console.error(`${file}:${line}: ${reference}: ${problem}`);
  if (broken.length > 0) {
    console.error(
      `check-references: ${broken.length} citation(s) point outside the repository or at nothing`,
    );
    process.exit(1);
  }
}
