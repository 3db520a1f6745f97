import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkInstallClean } from './check-install-clean.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with a root and a workspace package.json and a lockfile, committed. */
function committedCheckout(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conduit-install-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'apps', 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"root"}\n');
  writeFileSync(path.join(dir, 'apps', 'server', 'package.json'), '{"name":"server"}\n');
  writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(path.join(dir, 'README.md'), 'readme\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'initial');
  return dir;
}

function run(cwd: string, env: Record<string, string | undefined>) {
  const said: string[] = [];
  const log = {
    log: (m: string) => said.push(m),
    warn: (m: string) => said.push(m),
    error: (m: string) => said.push(m),
  };
  return { code: checkInstallClean({ cwd, env, log }), said: said.join('\n') };
}

describe('check-install-clean', () => {
  it('passes a checkout whose manifests are as committed, whatever else changed', () => {
    const dir = committedCheckout();
    writeFileSync(path.join(dir, 'README.md'), 'edited\n');
    expect(run(dir, { CI: 'true' })).toEqual({ code: 0, said: '' });
  });

  it('fails in CI, naming the files, when the lockfile or a workspace package.json changed', () => {
    const dir = committedCheckout();
    writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    writeFileSync(path.join(dir, 'apps', 'server', 'package.json'), '{"name":"server","x":1}\n');
    const result = run(dir, { CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.said).toContain(
      'npm install left these files different from git HEAD: apps/server/package.json, package-lock.json.',
    );
  });

  it('fails in CI when a committed node_modules (a symlink left by a worktree) is replaced by the install', () => {
    const dir = committedCheckout();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    symlinkSync('/nonexistent/node_modules', path.join(dir, 'node_modules'));
    git('add', 'node_modules');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'symlink');
    rmSync(path.join(dir, 'node_modules'));
    mkdirSync(path.join(dir, 'node_modules', 'left-pad'), { recursive: true });
    const result = run(dir, { CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.said).toContain('npm install left these files different from git HEAD: node_modules.');
  });

  it('only warns outside CI, where uncommitted edits are normal', () => {
    const dir = committedCheckout();
    writeFileSync(path.join(dir, 'package.json'), '{"name":"root","dependencies":{}}\n');
    const result = run(dir, {});
    expect(result.code).toBe(0);
    expect(result.said).toContain('different from git HEAD: package.json');
    expect(run(dir, { CI: 'false' }).code).toBe(0);
  });

  it('skips a directory that is not a git checkout', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conduit-install-'));
    dirs.push(dir);
    expect(run(dir, { CI: 'true' })).toEqual({
      code: 0,
      said: 'check-install-clean: not a git checkout with a commit; skipped',
    });
  });
});
