#!/usr/bin/env node
// Builds the publishable packages: each workspace package is compiled by tsc (JavaScript for
// Node 18+ with type declarations) into its dist/, which becomes the package as published, under
// the @conduit-api scope. Inside the repository nothing needs this: the workspaces run their
// TypeScript directly (decision 0003). `--pack DIR` also writes the npm tarballs into DIR.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SCOPE = '@conduit-api';
/** Workspace name -> published name, in build order (each reads the previous ones' declarations). */
export const PUBLISHED = [
  { dir: 'packages/contracts', workspace: '@conduit/contracts', name: `${SCOPE}/contracts` },
  { dir: 'packages/client', workspace: '@conduit/client', name: `${SCOPE}/client` },
  { dir: 'packages/mcp', workspace: '@conduit/mcp', name: `${SCOPE}/mcp` },
];
const NODE_RANGE = '>=18';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const filesUnder = (dir) =>
  readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });

/**
 * `@conduit/x` imports become `@conduit-api/x`, in the emitted JavaScript and declarations alike;
 * declarations also get `.js` for the `.ts` of relative imports (tsc rewrites those in JavaScript only).
 */
function renameImports(distDir) {
  const pattern = new RegExp(`(['"])(${PUBLISHED.map((p) => p.workspace).join('|')})(['"/])`, 'g');
  const relativeTs = /(['"])(\.{1,2}\/[^'"]+)\.ts\1/g;
  for (const file of filesUnder(distDir).filter((f) => /\.(js|d\.ts)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    let renamed = text.replace(pattern, (_, open, name, close) => {
      const target = PUBLISHED.find((p) => p.workspace === name);
      return `${open}${target.name}${close}`;
    });
    if (file.endsWith('.d.ts')) renamed = renamed.replace(relativeTs, '$1$2.js$1');
    if (renamed !== text) writeFileSync(file, renamed);
  }
}

/** The published package.json: the workspace one with built paths, the scope, files and engines. */
function manifestOf(pkg, source) {
  const toBuilt = (file) => `./${path.posix.relative('./src', file).replace(/\.ts$/, '.js')}`;
  const dependencies = Object.fromEntries(
    Object.entries(source.dependencies ?? {}).map(([name, range]) => {
      const sibling = PUBLISHED.find((p) => p.workspace === name);
      return sibling ? [sibling.name, source.version] : [name, range];
    }),
  );
  return {
    name: pkg.name,
    version: source.version,
    description: source.description,
    type: 'module',
    ...(source.sideEffects === false && { sideEffects: false }),
    engines: { node: NODE_RANGE },
    exports: { '.': { types: './index.d.ts', default: './index.js' }, './package.json': './package.json' },
    main: './index.js',
    types: './index.d.ts',
    ...(source.bin && {
      bin: Object.fromEntries(Object.entries(source.bin).map(([name, file]) => [name, toBuilt(file)])),
    }),
    files: ['**/*.js', '**/*.d.ts', 'README.md'],
    dependencies,
    keywords: ['conduit', 'api', 'sdk'],
  };
}

/** The version in src/version.ts must be the package's: the User-Agent and --version print it. */
function checkVersion(dir, version) {
  const file = path.join(dir, 'src', 'version.ts');
  if (!existsSync(file)) return;
  const declared = /VERSION = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
  if (declared !== version) throw new Error(`${file} says ${declared}, package.json says ${version}`);
}

export function buildPackages({ root = ROOT, log = console.log } = {}) {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  for (const pkg of PUBLISHED) {
    const dir = path.join(root, pkg.dir);
    const source = readJson(path.join(dir, 'package.json'));
    checkVersion(dir, source.version);
    const dist = path.join(dir, 'dist');
    rmSync(dist, { recursive: true, force: true });
    execFileSync(tsc, ['-p', path.join(dir, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
    renameImports(dist);
    writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(manifestOf(pkg, source), null, 2)}\n`);
    copyFileSync(path.join(dir, 'README.md'), path.join(dist, 'README.md'));
    log(`built ${pkg.name}@${source.version} in ${path.relative(root, dist)}`);
  }
}

/** npm pack of each built package into `destination`: answers the tarballs' paths. */
export function packPackages(destination, { root = ROOT } = {}) {
  return PUBLISHED.map((pkg) => {
    const output = execFileSync(
      'npm',
      ['pack', path.join(root, pkg.dir, 'dist'), '--pack-destination', destination, '--json'],
      { cwd: destination, encoding: 'utf8' },
    );
    return path.join(destination, JSON.parse(output)[0].filename);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildPackages();
  const packIndex = process.argv.indexOf('--pack');
  if (packIndex !== -1) {
    const destination = path.resolve(process.argv[packIndex + 1] ?? '.');
    for (const tarball of packPackages(destination)) console.log(tarball);
  }
}
