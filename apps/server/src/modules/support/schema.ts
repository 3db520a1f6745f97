import { SUPPORT_AUTHORS, SUPPORT_STATUSES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from '../../platform/db-columns.ts';
import { userRef } from '../auth/schema.ts';

/**
 * A message a signed-in user sent from /app/support. The address is the one the account had when
 * it wrote, so the ticket still says who asked after the account is deleted (and anonymised).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    answeredAt: timestamptz('answered_at'),
  },
  (table) => [
    // The admin list, newest first (read backwards), optionally one status, paged by (created_at, id).
    index('support_tickets_created_at_idx').on(table.createdAt, table.id),
    index('support_tickets_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('support_tickets_user_id_idx').on(table.userId),
    check('support_tickets_status_check', sql`${table.status} in ('open', 'answered')`),
  ],
);
export type SupportTicketRow = typeof supportTickets.$inferSelect;

/**
 * A message of a ticket's thread after its first, oldest first: an admin's answer (mailed to the
 * user) or the user's own reply (mailed to support). `author_user_id` is who wrote it.
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: text('id').primaryKey(),
    ticketId: requiredRef('ticket_id', () => supportTickets.id),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    authorUserId: userRef('author_user_id'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_replies_ticket_id_created_at_idx').on(table.ticketId, table.createdAt),
    check('support_replies_author_check', sql`${table.author} in ('user', 'admin')`),
  ],
);
export type SupportReplyRow = typeof supportReplies.$inferSelect;
