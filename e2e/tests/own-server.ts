import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_EMAIL } from '../playwright.config.ts';

const START_SERVER = fileURLToPath(new URL('../start-server.ts', import.meta.url));
const READY_WITHIN_MS = 120_000;

export interface OwnServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * A server for one test file alone, started the way the shared e2e servers are (start-server.ts, a
 * fresh embedded PostgreSQL in its own DATA_DIR), for journeys that change what every call on a
 * server sees (turning an upstream channel off): the specs running beside it keep their server.
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'conduit-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [START_SERVER], {
    cwd: path.dirname(START_SERVER),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server on ${url} was not ready within ${READY_WITHIN_MS / 1000} s`);
}
