import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

test("a second server on the same data directory refuses to start and leaves the first one's PostgreSQL running", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-second-start-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The running server's PostgreSQL: a process named postgres whose parent (this node process) lives.
  const running = spawn('sleep', ['60'], { argv0: 'postgres', stdio: 'ignore' });
  cleanups.push(async () => running.kill('SIGKILL'));
  await mkdir(path.join(dataDir, 'pg'));
  await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
  await writeFile(
    path.join(dataDir, 'pg', 'postmaster.pid'),
    `${running.pid}\n${path.join(dataDir, 'pg')}\n`,
  );

  await expect(startEmbeddedPostgres(dataDir, pino({ level: 'silent' }))).rejects.toThrow(
    `another Conduit server (process ${process.pid}) is running on ${dataDir}`,
  );
  expect(running.exitCode).toBeNull();
  expect(running.signalCode).toBeNull();
});
