#!/usr/bin/env node
// `npm run bench` and its siblings: the benchmarks' own packages (Lighthouse, autocannon: about 120
// of them) are not in the default install, which only what runs and tests the platform needs.
// This installs them into bench/node_modules from bench/package-lock.json first, then runs the
// bench script named, under a recent enough Node (node-env.mjs). `bench` builds the web app
// first: Lighthouse measures the built landing page.
import { spawnSync } from 'node:child_process';
import { nodeEnv, ROOT } from './node-env.mjs';

const [script = 'bench'] = process.argv.slice(2);
const env = nodeEnv();
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: ROOT });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'bench:install']);
if (script === 'bench') run('npm', ['run', 'build']);
run('npm', ['run', script, '--prefix', 'bench']);
