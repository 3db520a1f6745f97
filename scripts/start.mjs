#!/usr/bin/env node
// `npm start`: builds the web app, then runs the server as this script's direct child, so a
// SIGTERM or Ctrl-C reaches it and it can shut down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { nodeEnv, ROOT, SERVER_NODE_FLAGS } from './node-env.mjs';

const env = nodeEnv();
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env, cwd: ROOT });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn('node', [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env,
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
