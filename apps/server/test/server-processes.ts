import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const CLUSTER_SCRIPT = fileURLToPath(new URL('../../../scripts/cluster.mjs', import.meta.url));

/**
 * The connection pool of each server process a test starts (DATABASE_POOL_SIZE; +5 for jobs). Up to
 * five such processes of one file run beside three other test files: at the default 20 each they
 * passed a DATABASE_URL server's default 100 connections, and calls failed 500 ("too many
 * clients"). 5 carry the tests' loads.
 */
export const TEST_PROCESS_POOL_SIZE = '5';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A real server process (`node src/main.ts`, or the cluster script) with exactly this environment. */
export function spawnProcess(env: Record<string, string>, script = MAIN): ServerProcess {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [script], { env: { ...inherited, LOG_LEVEL: 'warn', ...env } });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

/** Waits until `url`/readyz answers 200 (or the process dies, or a minute passes). */
export async function waitForReady(started: ServerProcess, url = started.url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`process exited: ${started.output()}`);
    }
    const response = await fetch(`${url}/readyz`).catch(() => undefined);
    if (response?.ok) return;
    await response?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready: ${started.output()}`);
}

export async function stopProcess(started: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return started.exited;
  started.child.kill(signal);
  return started.exited;
}
