import type { SupportTicket } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/database.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { users } from '../auth/schema.ts';
import { withReplies } from './list-tickets.ts';
import { type SupportTicketRow, supportReplies, supportTickets } from './schema.ts';
import type { SupportContext } from './support-context.ts';
import { queueSupportMail } from './support-mail.ts';

export const TICKET_NOT_FOUND = 'Support message not found';
export const TICKET_OWNER_DELETED = 'This account was deleted, so there is nobody to mail the reply to';

/**
 * An admin's answer: kept on the ticket, which becomes answered, and mailed to the user's
 * current address. The ticket row is locked so two admins answering at once both keep their reply.
 */
export async function replyToTicket(
  ctx: Pick<SupportContext, 'db' | 'clock' | 'jobs' | 'log'>,
  adminUserId: string,
  ticketId: string,
  input: { message: string },
): Promise<SupportTicket> {
  const { ticket, replyId } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
    if (!row) throw new NotFound(TICKET_NOT_FOUND);
    const [owner] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!owner || owner.deletedAt) throw new Conflict(TICKET_OWNER_DELETED);
    const now = ctx.clock.now();
    return keepReply(
      tx,
      row,
      { author: 'admin', authorUserId: adminUserId, message: input.message, createdAt: now },
      {
        status: 'answered',
        answeredAt: sql`coalesce(${supportTickets.answeredAt}, ${now})`,
      },
    );
  });
  return mailReply(ctx, ticket, replyId, [{ ticketId, replyId, adminUserId }, 'support message answered']);
}

/**
 * Keeps a reply on a ticket locked in `tx` and sets the ticket's new status in the same
 * transaction: an admin's answer and the user's own reply both write through here.
 */
export async function keepReply(
  tx: Tx,
  row: SupportTicketRow,
  reply: Omit<typeof supportReplies.$inferInsert, 'id' | 'ticketId'>,
  status: PgUpdateSetSource<typeof supportTickets>,
): Promise<{ ticket: SupportTicketRow; replyId: string }> {
  const id = newId('srep');
  await tx.insert(supportReplies).values({ id, ticketId: row.id, ...reply });
  const [updated] = await tx
    .update(supportTickets)
    .set(status)
    .where(eq(supportTickets.id, row.id))
    .returning();
  return { ticket: updated ?? row, replyId: id };
}

/**
 * After a kept reply: queues its mail (a failure is logged, the reply stays), logs the reply
 * and reads the ticket back with its thread.
 */
export async function mailReply(
  ctx: Pick<SupportContext, 'db' | 'jobs' | 'log'>,
  ticket: SupportTicketRow,
  replyId: string,
  logged: [fields: Record<string, unknown>, message: string],
): Promise<SupportTicket> {
  const ticketId = ticket.id;
  await queueSupportMail(ctx.jobs, { kind: 'reply', replyId }).catch((error) =>
    ctx.log.error({ err: error, ticketId, replyId }, 'could not queue the support reply mail'),
  );
  ctx.log.info(...logged);
  const [view] = await withReplies(ctx.db, [ticket]);
  if (!view) throw new Error('replied ticket vanished');
  return view;
}
