import { type AnyPgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/** Every time in the database is a `timestamptz`: an instant, whatever the server's time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When a row was written: set by the database on insert. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * A required reference to another table's row (text ids everywhere); `cascade` where the row
 * goes with the one it points at, none where it must outlive it.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  text(name)
    .notNull()
    .references(target, onDelete && { onDelete });
