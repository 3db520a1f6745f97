#!/usr/bin/env node
// `npm run tools:install`: the command line (`conduit`) and the MCP server (`conduit-mcp`) from
// this clone, until @conduit-api/client and @conduit-api/mcp are on the npm registry. Builds the
// three packages (build-packages.mjs: JavaScript for Node 18+), packs them, and installs the
// tarballs with npm: globally, or where `--prefix DIR` says (then DIR/bin holds the commands).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPackages, packPackages } from './build-packages.mjs';

/** The npm arguments of the install: `--global`, or `--prefix DIR` given to this script. */
export function installArguments(argv) {
  const prefixIndex = argv.indexOf('--prefix');
  const prefix = prefixIndex === -1 ? undefined : argv[prefixIndex + 1];
  if (prefixIndex !== -1 && !prefix) throw new Error('--prefix needs a folder');
  return prefix ? ['--global', '--prefix', path.resolve(prefix)] : ['--global'];
}

export function installTools(argv = process.argv.slice(2), log = console.log) {
  const npmArgs = installArguments(argv);
  buildPackages({ log });
  const folder = mkdtempSync(path.join(tmpdir(), 'conduit-tools-'));
  try {
    const tarballs = packPackages(folder);
    execFileSync('npm', ['install', ...npmArgs, '--no-audit', '--no-fund', ...tarballs], {
      stdio: 'inherit',
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const where = npmArgs.includes('--prefix') ? ` in ${path.join(npmArgs[2] ?? '', 'bin')}` : '';
  log(`Installed conduit (try: conduit help) and conduit-mcp${where}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) installTools();
