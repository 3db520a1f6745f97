import { timestamp } from 'drizzle-orm/pg-core';

/** Every time in the database is a `timestamptz`: an instant, whatever the server's time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When a row was written: set by the database on insert. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
