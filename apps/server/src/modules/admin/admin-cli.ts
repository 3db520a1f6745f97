import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { parseConfig } from '../../platform/config.ts';
import { connectDatabase, migrateDatabase } from '../../platform/database.ts';
import { EMBEDDED_DATABASE_NAME, startEmbeddedPostgres } from '../../platform/embedded-postgres.ts';
import { readOrCreateSecret } from '../../platform/secrets.ts';
import { systemClock } from '../../platform/services.ts';
import { ADMIN_USAGE, runAdminCommand } from './admin-commands.ts';

/*
 * `npm run admin -- grant|revoke|token <email>`: the same configuration as the server
 * (DATABASE_URL, or the embedded database in DATA_DIR). When the server is running on the
 * embedded database, the command connects to that PostgreSQL instead of starting its own:
 * starting a second one would stop the server's.
 */
async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const pidFile = await readFile(path.resolve(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const [pidLine, , , portLine] = pidFile.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const password = await readOrCreateSecret(dataDir, 'pg-password', 24);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
  console.log(ADMIN_USAGE);
  process.exit(args.length === 0 ? 2 : 0);
}

const config = parseConfig();
const log = pino({ level: 'warn' });
const runningUrl = config.DATABASE_URL ? undefined : await runningEmbeddedUrl(config.DATA_DIR);
const embedded =
  config.DATABASE_URL || runningUrl ? undefined : await startEmbeddedPostgres(config.DATA_DIR, log);
const url = config.DATABASE_URL ?? runningUrl ?? (embedded?.url as string);
const { pool, db } = connectDatabase(url, 2);
try {
  await migrateDatabase(pool, db);
  const result = await runAdminCommand({ db, clock: systemClock, config }, args);
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exitCode = result.exitCode;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await pool.end();
  await embedded?.stop();
}
