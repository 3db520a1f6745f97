import type { OwnSupportResponse, OwnSupportTicket, SupportTicket } from '@conduit/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor.ts';
import { withReplies } from './list-tickets.ts';
import { supportTickets } from './schema.ts';

/** A ticket as its user sees it: the thread, without who on the team wrote each reply. */
export const ownView = ({
  id,
  subject,
  message,
  status,
  createdAt,
  replies,
}: SupportTicket): OwnSupportTicket => ({
  id,
  subject,
  message,
  status,
  createdAt,
  replies: replies.map(({ id: replyId, at, author, message: text }) => ({
    id: replyId,
    at,
    author,
    message: text,
  })),
});

/** The user's own messages, newest first, `limit` a page; replies carry no admin's address. */
export async function listOwnTickets(
  db: DbOrTx,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<OwnSupportResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      ticket: supportTickets,
      createdKey: sql<string>`(${supportTickets.createdAt} at time zone 'UTC')::text`,
    })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.userId, userId),
        after
          ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < (${after[0]}::timestamp at time zone 'UTC', ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const tickets = await withReplies(
    db,
    page.map((row) => row.ticket),
  );
  return {
    tickets: tickets.map(ownView),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdKey, last.ticket.id) : null,
  };
}
