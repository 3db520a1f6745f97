import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorOf, findBrokenReferences } from './check-references.mjs';
import { sampleTrees } from './sample-tree.ts';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const sampleTree = sampleTrees('conduit-refs-');

const GUIDE = [
  '# Guide',
  '',
  '## Real heading',
  '',
  '```',
  '## In a code block',
  '```',
  '',
  '## Real heading',
  '',
];

describe('check-references', () => {
  it('finds every citation in this repository in the repository, down to the heading', () => {
    expect(findBrokenReferences(ROOT)).toEqual([]);
  });

  it('accepts citations of files, anchors, heading names and decisions that exist', () => {
    const root = sampleTree({
      'docs/guide.md': GUIDE.join('\n'),
      'docs/decisions/0001-a-choice.md': '# 0001: A choice\n',
      'docs/index.md':
        'See [the guide](guide.md#real-heading) and [the choice](decisions/0001-a-choice.md).\n',
      'src/a.ts': [
        '// docs/guide.md#real-heading, docs/guide.md#real-heading-1 (the second of that name)',
        '// docs/guide.md, "Real heading"; docs/guide.md, "`Real` heading"; decision 0001; docs/decisions/',
        '// https://example.com/elsewhere/NOTES.md is a link, not a citation; so is git@host:x/y.md',
      ].join('\n'),
    });
    expect(findBrokenReferences(root)).toEqual([]);
  });

  it('reports what is not in the repository, with the file, line and reason', () => {
    const root = sampleTree({
      'docs/guide.md': GUIDE.join('\n'),
      'docs/decisions/0001-a-choice.md': '# 0001: A choice\n',
      'src/a.ts': [
        '// the rule of the spec section 5',
        '// as DESIGN.md says',
        '// see docs/missing.md',
        '// see docs/guide.md#nope',
        '// see docs/guide.md#in-a-code-block',
        '// see docs/guide.md, "Nope"',
        '// decision 0002 says so',
        '// docs/decisions/0002',
        '// (spec: "custom")',
        '// see docs/guide.md, "Real',
        '// heading" and docs/guide.md,',
        '// "Real heading"',
      ].join('\n'),
    });
    expect(findBrokenReferences(root).map(({ line, problem }) => `${line}: ${problem}`)).toEqual([
      '1: cites the product specification, which is not in the repository: cite docs/product.md',
      '1: cites the product specification, which is not in the repository: cite docs/product.md',
      '2: DESIGN.md is not in the repository',
      '3: docs/missing.md is not in the repository',
      '4: docs/guide.md has no heading with the anchor #nope',
      '5: docs/guide.md has no heading with the anchor #in-a-code-block',
      '6: docs/guide.md has no heading "Nope"',
      '7: docs/decisions/ has no decision 0002',
      '8: docs/decisions/0002 is not in the repository',
      '9: cites the product specification, which is not in the repository: cite docs/product.md',
      '10: a citation of a heading must stay on one line',
      '11: a citation of a heading must stay on one line',
    ]);
    expect(findBrokenReferences(root)[0]).toMatchObject({
      file: 'src/a.ts',
      line: 1,
      reference: 'spec section',
    });
  });

  it('makes anchors the way GitHub does', () => {
    expect(anchorOf('`npm run cluster`: several processes on one machine')).toBe(
      'npm-run-cluster-several-processes-on-one-machine',
    );
    expect(anchorOf('Header, footer and notifications')).toBe('header-footer-and-notifications');
    expect(anchorOf('Sign-in and sign-up')).toBe('sign-in-and-sign-up');
  });
});

describe('decisions', () => {
  it('each start with front matter giving a status and the date it was written', () => {
    const folder = path.join(ROOT, 'docs/decisions');
    const names = readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      const text = readFileSync(path.join(folder, name), 'utf8');
      expect(text, name).toMatch(
        /^---\nstatus: (proposed|accepted|superseded by \d{4})\ndate: \d{4}-\d\d-\d\d\n(updated: \d{4}-\d\d-\d\d\n)?---\n/,
      );
    }
  });
});
