#!/usr/bin/env node
// First step of `npm test`: after `npm install`, the lockfile, every package.json and every
// node_modules path must be as committed (node_modules: never). A lockfile that lacks another platform's packages (Biome's binaries for macOS,
// Windows or musl, say) is rewritten by `npm install` on that platform; in a fresh clone (CI)
// this check turns that into a failure instead of a silent difference.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// `node_modules` too: a committed node_modules (a symlink left by a worktree, say) is replaced by
// the install's directory, so a fresh clone's install would change a tracked file.
const MANIFESTS = [
  'package-lock.json',
  'bench/package-lock.json',
  ':(glob)**/package.json',
  ':(glob)**/node_modules',
  ':(glob)**/node_modules/**',
];

/**
 * What `npm install` changed relative to git HEAD: the lockfile and package.json files that
 * differ, or null outside a git checkout (a tarball has nothing to compare with).
 */
export function changedManifests(cwd = process.cwd()) {
  const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  try {
    if (git('rev-parse', '--is-inside-work-tree').trim() !== 'true') return null;
    git('rev-parse', '--verify', 'HEAD');
  } catch {
    return null;
  }
  return git('diff', '--name-only', 'HEAD', '--', ...MANIFESTS)
    .split('\n')
    .filter(Boolean);
}

/** Fails in CI (`CI` set), where the checkout is fresh; elsewhere uncommitted edits are normal. */
export function checkInstallClean({ cwd = process.cwd(), env = process.env, log = console } = {}) {
  const changed = changedManifests(cwd);
  if (changed === null) {
    log.log('check-install-clean: not a git checkout with a commit; skipped');
    return 0;
  }
  if (changed.length === 0) return 0;
  const isCi = Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
  const lines = [
    `check-install-clean: npm install left these files different from git HEAD: ${changed.join(', ')}.`,
    'A fresh clone must install without changing them: commit the lockfile that `npm install`',
    "writes (with every platform's optional packages), and package.json changes with it.",
  ];
  if (!isCi) {
    log.warn(`${lines.join('\n')}\n(not CI: continuing, as uncommitted edits are normal while working)`);
    return 0;
  }
  log.error(lines.join('\n'));
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(checkInstallClean());
