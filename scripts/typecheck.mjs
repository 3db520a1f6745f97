#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project checked with `tsc -p`, as many at once as the
// machine has cores (each tsc is one busy thread; in sequence they took twice the wall time on the
// 2-core CI machine). Each project's errors are printed together; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PROJECTS = [
  'packages/contracts',
  'packages/client',
  'packages/mcp',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
  'scripts',
];
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs `tsc -p project`; answers its exit code and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const started = Date.now();
    const result = await check(project);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`tsc -p ${project}: ${result.code === 0 ? 'ok' : 'failed'} (${seconds} s)`);
    if (result.output.trim()) process.stdout.write(result.output);
    if (result.code !== 0) failed.push(project);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker));
if (failed.length > 0) {
  console.error(`type errors in ${failed.join(', ')}`);
  process.exit(1);
}
