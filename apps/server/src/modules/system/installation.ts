import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { installation } from './schema.ts';

const INSTALLATION_ID = 'default';

/** Counts this start on the installation row, creating the row on the first start. */
export async function recordStart(db: Db, now: Date) {
  const [row] = await db
    .insert(installation)
    .values({ id: INSTALLATION_ID, createdAt: now, lastStartedAt: now, startCount: 1 })
    .onConflictDoUpdate({
      target: installation.id,
      set: { lastStartedAt: now, startCount: sql`${installation.startCount} + 1` },
    })
    .returning();
  return row as typeof installation.$inferSelect;
}

export async function findInstallation(db: Db) {
  const [row] = await db.select().from(installation).where(eq(installation.id, INSTALLATION_ID));
  return row;
}
