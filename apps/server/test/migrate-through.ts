import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Pool } from 'pg';
import { NEW_WORKSPACE_PLAN } from '../src/modules/auth/users.ts';
import type { Db } from '../src/platform/database.ts';
import { MIGRATIONS_DIR } from '../src/platform/database.ts';
import { newId } from '../src/platform/ids.ts';

/** The schema the admin seed (admin-seed.ts) is written for. */
export const ADMIN_SEED_SCHEMA = '0010_account_security';

/**
 * Migrates a database only through the migration tagged `lastTag`, as an installation of that
 * release would be; `migrateDatabase` later applies the rest. Drizzle reads the migrations its
 * journal lists, so this runs a copy of the folder with the journal cut after `lastTag`.
 */
export async function migrateThrough(db: Db, lastTag: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'conduit-migrations-'));
  try {
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    if (last < 0) throw new Error(`No migration tagged ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    await writeFile(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * An account and its personal workspace as an older release wrote them: plain SQL naming only the
 * columns every schema since the workspaces (migration 0011) has, so a test of a past migration
 * keeps working as later ones add columns the current code would write.
 */
export async function insertUserOfOldSchema(
  pool: Pool,
  email: string,
): Promise<{ id: string; email: string }> {
  const id = newId('usr');
  await pool.query(`insert into users (id, email, email_verified_at) values ($1, $2, now())`, [id, email]);
  await pool.query(
    `insert into workspaces (id, kind, tier, max_api_keys, created_by) values ($1, 'personal', $2, $3, $1)`,
    [id, NEW_WORKSPACE_PLAN.tier, NEW_WORKSPACE_PLAN.maxApiKeys],
  );
  return { id, email };
}
