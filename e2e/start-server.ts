import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Starts the real server (apps/server/src/main.ts) for the browser tests: on a fresh embedded
 * PostgreSQL in a temporary DATA_DIR, or, when DATABASE_URL is set, on a fresh database there.
 */
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'conduit-e2e-'));
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
// A run of its own on a shared Redis: rate-limit counts of earlier runs do not carry over.
process.env.REDIS_PREFIX = `e2e:${path.basename(dataDir)}`;
// Every journey signs up from 127.0.0.1: more than the 30 sign-ups an hour one address gets by default.
process.env.SIGNUPS_PER_IP_PER_HOUR ??= '1000';
// Low-balance alerts and auto top-ups are looked for every second, so a journey sees them at once.
process.env.BALANCE_ALERTS_INTERVAL_S ??= '1';
process.env.AUTO_TOPUP_INTERVAL_S ??= '1';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

if (process.env.DATABASE_URL) {
  const name = `conduit_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new URL(process.env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

await import('../apps/server/src/main.ts');
