import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages, packPackages } from '../../../scripts/build-packages.mjs';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The machine's own Node: the first `node` on PATH that is not the one running the tests
 * (scripts/with-node.mjs puts a Node 24 first when the machine's is older), so the packages run
 * where a developer would run them. CONDUIT_PACKED_NODE overrides it.
 */
export function machineNode(): string {
  if (process.env.CONDUIT_PACKED_NODE) return process.env.CONDUIT_PACKED_NODE;
  const running = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      if (realpathSync(candidate) !== running) return candidate;
    } catch {
      // Not here.
    }
  }
  return process.execPath;
}

/** PATH with the machine's Node first, so the bins' `#!/usr/bin/env node` finds it. */
export const pathWith = (node: string) => [path.dirname(node), '/usr/bin', '/bin'].join(path.delimiter);

/**
 * `npm run tools:install -- --prefix <dir>/tools`, the command the READMEs give
 * (scripts/install-tools.mjs): builds and packs the packages and installs `conduit` and
 * `conduit-mcp` with npm into <dir>/tools/bin. Answers that folder and what the command printed.
 */
export function installToolsWithPrefix(dir: string): { bin: string; output: string } {
  const prefix = path.join(dir, 'tools');
  const output = execFileSync('npm', ['run', 'tools:install', '--', '--prefix', prefix], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: 'pipe',
    timeout: 300_000,
  });
  return { bin: path.join(prefix, 'bin'), output };
}

/**
 * Builds (unless `isBuilt`: tools:install has just built them) and packs the packages, then
 * installs the tarballs into `<dir>/app`, an empty project outside the repository (dependencies
 * from the npm cache, else the registry).
 */
export function installPackedPackages(dir: string, { isBuilt = false } = {}): string {
  if (!isBuilt) buildPackages({ log: () => {} });
  const tarballs = path.join(dir, 'tarballs');
  mkdirSync(tarballs);
  const packed = packPackages(tarballs);
  const app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(
    path.join(app, 'package.json'),
    '{ "name": "packed-app", "private": true, "type": "module" }\n',
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packed], {
    cwd: app,
    stdio: 'pipe',
    timeout: 300_000,
  });
  return app;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A program run with only the given environment (and the machine's Node first on PATH). */
export function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<Run>((resolve) => {
    execFile(command, args, { ...options, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
