import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from '../src/platform/database.ts';
import { MIGRATIONS_DIR } from '../src/platform/database.ts';

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
