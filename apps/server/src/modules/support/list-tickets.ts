import type { AdminSupportResponse, SupportTicket } from '@conduit/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { BadRequest } from '../../platform/errors.ts';
import { newestFirstPage } from '../../platform/keyset-cursor.ts';
import { users } from '../auth/schema.ts';
import { type SupportTicketRow, supportReplies, supportTickets } from './schema.ts';

export interface ListTicketsQuery {
  status?: SupportTicketRow['status'];
  limit: number;
  cursor?: string;
}

/** The position after a page's last ticket: its time and id, opaque to clients. */
const encodeCursor = (row: SupportTicketRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || extra !== undefined || Number.isNaN(createdAt.getTime())) {
    throw new BadRequest('Invalid cursor: pass the nextCursor of the previous page', 'cursor');
  }
  return { createdAt, id };
}

/** Tickets with their threads (oldest reply first, from either side), in the order of `rows`. */
export async function withReplies(db: DbOrTx, rows: SupportTicketRow[]): Promise<SupportTicket[]> {
  const ids = rows.map((row) => row.id);
  const replies = ids.length
    ? await db
        .select({
          id: supportReplies.id,
          ticketId: supportReplies.ticketId,
          author: supportReplies.author,
          message: supportReplies.message,
          createdAt: supportReplies.createdAt,
          adminEmail: sql<
            string | null
          >`case when ${supportReplies.author} = 'admin' and ${users.deletedAt} is null then ${users.email} end`,
        })
        .from(supportReplies)
        .leftJoin(users, eq(users.id, supportReplies.authorUserId))
        .where(inArray(supportReplies.ticketId, ids))
        .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    replies: replies
      .filter((reply) => reply.ticketId === row.id)
      .map((reply) => ({
        id: reply.id,
        at: reply.createdAt.toISOString(),
        author: reply.author,
        adminEmail: reply.adminEmail,
        message: reply.message,
      })),
  }));
}

/** Admin list: newest first, optionally one status, `limit` per page with a cursor for the next. */
export async function listSupportTickets(db: DbOrTx, query: ListTicketsQuery): Promise<AdminSupportResponse> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(supportTickets.status, query.status));
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${supportTickets.createdAt}, ${supportTickets.id}) < (${after.createdAt}, ${after.id})`,
    );
  }
  const { page, nextCursor } = await newestFirstPage(
    db
      .select()
      .from(supportTickets)
      .where(and(...conditions))
      .$dynamic(),
    { time: supportTickets.createdAt, id: supportTickets.id },
    query.limit,
    encodeCursor,
  );
  return { tickets: await withReplies(db, page), nextCursor };
}
