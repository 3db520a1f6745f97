import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase } from '../src/platform/database.ts';
import { dropDatabase, recreateDatabase, withDatabase } from './database-urls.ts';
import { migrateThrough } from './migrate-through.ts';

export type OldInstallation = ReturnType<typeof connectDatabase> & { name: string };

/**
 * The preamble of a migration test (call it in the describe): a database of the file's own,
 * migrated through `lastTag` as an installation of that release was, then given its old rows by
 * `seed`, before the tests; dropped after them. The tests read `pool` and `db` of the answer, and
 * apply the rest with `migrateDatabase`.
 */
export function oldInstallation(
  lastTag: string,
  seed: (database: OldInstallation) => Promise<void>,
): OldInstallation {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `conduit_m_${randomBytes(6).toString('hex')}`;
  const database = { name } as OldInstallation;
  beforeAll(async () => {
    await recreateDatabase(adminUrl, name);
    Object.assign(database, connectDatabase(withDatabase(adminUrl, name), 2));
    await migrateThrough(database.db, lastTag);
    await seed(database);
  }, 120_000);
  afterAll(async () => {
    await database.pool?.end();
    await dropDatabase(adminUrl, name);
  });
  return database;
}
