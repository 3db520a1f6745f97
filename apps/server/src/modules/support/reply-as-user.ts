import type { OwnSupportTicket } from '@conduit/contracts';
import { and, eq } from 'drizzle-orm';
import { NotFound } from '../../platform/errors.ts';
import { ownView } from './list-own-tickets.ts';
import { keepReply, mailReply, TICKET_NOT_FOUND } from './reply-to-ticket.ts';
import { supportTickets } from './schema.ts';
import type { SupportContext } from './support-context.ts';

/**
 * The user writes again in a thread of their own: the reply is kept, mailed to support, and the
 * message is open again (waiting for the team), answered or not, as a help desk reopens a solved
 * ticket when its requester replies. Someone else's ticket is 404, like one that does not exist.
 * A reply counts as a support message for the hourly limit.
 */
export async function replyAsUser(
  ctx: SupportContext,
  userId: string,
  ticketId: string,
  input: { message: string },
): Promise<OwnSupportTicket> {
  const isOwn = and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId));
  const [owned] = await ctx.db.select({ id: supportTickets.id }).from(supportTickets).where(isOwn);
  if (!owned) throw new NotFound(TICKET_NOT_FOUND);
  await ctx.limiter.consume(userId);
  const { ticket, replyId } = await ctx.db.transaction(async (tx) => {
    // Locked as an admin's answer locks it: whichever writes last sets the status.
    const [row] = await tx.select().from(supportTickets).where(isOwn).for('update');
    if (!row) throw new NotFound(TICKET_NOT_FOUND);
    return keepReply(
      tx,
      row,
      { author: 'user', authorUserId: userId, message: input.message, createdAt: ctx.clock.now() },
      { status: 'open' },
    );
  });
  return ownView(
    await mailReply(ctx, ticket, replyId, [
      { ticketId, replyId, userId },
      'support message: the user replied',
    ]),
  );
}
