#!/usr/bin/env node
// `npm start`: builds the web app, then runs the server as this script's direct child, so a
// SIGTERM or Ctrl-C reaches it and it can shut down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildSummary, folderSize } from './build-summary.mjs';
import { nodeEnv, ROOT, SERVER_NODE_FLAGS } from './node-env.mjs';

const env = nodeEnv();
// The build's own output (an asset list of ~100 lines) is kept back unless it fails: one line says
// what was built, so "ready" is near the top of the terminal.
process.stdout.write('Building the web app... ');
const started = Date.now();
const build = spawnSync('npm', ['run', 'build'], {
  env,
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (build.status !== 0) {
  process.stdout.write('failed:\n');
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  process.exit(build.status ?? 1);
}
const dist = path.join(ROOT, 'apps/web/dist');
console.log(buildSummary(folderSize(dist), Date.now() - started, path.relative(ROOT, dist)));

const server = spawn('node', [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env,
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
