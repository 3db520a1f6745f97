import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/node-env.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Resolves once `url` answers 2xx to `method` (a child's readiness), or throws after 2 minutes. */
export async function waitFor(url: string, method = 'GET') {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (
      await fetch(url, { method }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered`);
}

/** A script of the repository in a child process with the server's Node flags (BENCH_PROF: CPU profiles). */
export function startChild(script: string, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      script,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Ends a child with SIGTERM (a graceful stop) and waits for it. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
