#!/usr/bin/env node
// Runs one command under a recent enough Node (see node-env.mjs), passing signals on to it.
import { spawn } from 'node:child_process';
import { nodeEnv, ROOT } from './node-env.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-node.mjs <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit', env: nodeEnv(), cwd: ROOT });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
