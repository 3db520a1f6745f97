import { and, isNull, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Services } from '../../platform/services.ts';

const BATCH = 200;

/** A table whose rows name files in storage (by the row's id) that expire. */
export interface ExpiringFiles {
  table: PgTable;
  id: PgColumn;
  expiresAt: PgColumn;
  /** Set when the files were deleted. */
  deletedAt: PgColumn;
}

/**
 * The hourly expiry's loop, for task results and uploads alike: a batch of rows past their expiry
 * whose files are not yet deleted, each one's bytes deleted from storage and then marked deleted,
 * until a batch comes back short. Answers how many it cleared.
 */
export async function deleteExpiredFiles(
  services: Pick<Services, 'db' | 'storage' | 'clock'>,
  files: ExpiringFiles,
): Promise<number> {
  let cleared = 0;
  for (;;) {
    const now = services.clock.now();
    const due = await services.db
      .select({ id: files.id })
      .from(files.table)
      .where(and(lte(files.expiresAt, now), isNull(files.deletedAt)))
      .limit(BATCH);
    for (const { id } of due) {
      await services.storage.deleteTask(id as string);
      await services.db.execute(
        sql`update ${files.table} set ${sql.identifier(files.deletedAt.name)} = ${now.toISOString()} where ${files.id} = ${id}`,
      );
    }
    cleared += due.length;
    if (due.length < BATCH) return cleared;
  }
}
