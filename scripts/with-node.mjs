#!/usr/bin/env node
// Runs a command under Node.js >= 22.18 (the server runs TypeScript natively). On an older Node,
// Node 24 is installed once from the npm registry into .tools/node24 and put first on PATH, so
// `npm start` and `npm test` work on any machine that has Node.js and npm.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_NODE = [22, 18];
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-node.mjs <command> [args...]');
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
const isRecentEnough = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
const env = { ...process.env };
if (!isRecentEnough) {
  const prefix = path.join(root, '.tools', 'node24');
  const binDir = path.join(prefix, 'node_modules', '.bin');
  if (!existsSync(path.join(binDir, 'node'))) {
    console.error(
      `Node ${process.versions.node} is older than ${MIN_NODE.join('.')}: installing Node 24 into .tools/node24`,
    );
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', 'node@24'], {
      stdio: 'inherit',
    });
  }
  env.PATH = `${binDir}${path.delimiter}${env.PATH ?? ''}`;
}

const child = spawn(command, args, { stdio: 'inherit', env, cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
