import { PRODUCT_NAME, ROUTES, SUPPORT_TEXTS } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { users } from '../auth/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type SupportTicketRow, supportReplies, supportTickets } from './schema.ts';
import { supportAddress } from './support-contact.ts';
import type { SupportMailContext } from './support-context.ts';

export const SUPPORT_MAIL_QUEUE = 'support-mail';

/** One mail per job, so a retry never sends again a mail that already went out. */
export type SupportMailJob =
  | { kind: 'to-support'; ticketId: string }
  | { kind: 'receipt'; ticketId: string }
  | { kind: 'reply'; replyId: string };

/**
 * The ticket is stored before its mails are queued; pg-boss retries a failed send with back-off
 * for about a day, so an SMTP outage delays the mails without losing the message.
 */
export async function queueSupportMail(jobs: PgBoss, job: SupportMailJob) {
  const id = job.kind === 'reply' ? job.replyId : job.ticketId;
  await jobs.send(SUPPORT_MAIL_QUEUE, job, {
    retryLimit: 12,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 3600,
    singletonKey: `${job.kind}:${id}`,
  });
}

/** Header lines hold one line: newlines or tabs in a subject become spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A message as mail paragraphs: blank lines separate them, single line breaks stay in the text part. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** A reply's paragraphs, then the message that opened the thread quoted below them, dated. */
const replyAboveTicket = (reply: { message: string }, ticket: SupportTicketRow, quoted: string) => [
  ...paragraphsOf(reply.message),
  `${quoted} of ${ticket.createdAt.toISOString().slice(0, 10)} (${ticket.id}):`,
  `Subject: ${ticket.subject}`,
  ...paragraphsOf(ticket.message),
];

export function toSupportMail(ticket: SupportTicketRow, config: SupportMailContext['config']): MailMessage {
  return {
    to: supportAddress(config),
    replyTo: ticket.email,
    subject: `[Support ${ticket.id}] ${oneLine(ticket.subject)}`,
    heading: 'New support message',
    paragraphs: [
      `From: ${ticket.email}`,
      `User ID: ${ticket.userId}`,
      `Ticket: ${ticket.id}, sent ${ticket.createdAt.toISOString()}`,
      `Subject: ${ticket.subject}`,
      ...paragraphsOf(ticket.message),
    ],
    action: { label: 'Answer in the admin area', url: `${config.PUBLIC_URL}${ROUTES.admin}` },
    footnote: `Replying to this mail writes to ${ticket.email}. An answer sent from the admin area is also kept with the ticket.`,
  };
}

export function toReceiptMail(ticket: SupportTicketRow, config: SupportMailContext['config']): MailMessage {
  return {
    to: ticket.email,
    replyTo: supportAddress(config),
    subject: `We received your message: ${oneLine(ticket.subject)}`,
    heading: 'We received your message',
    paragraphs: [
      `Thanks for writing to ${PRODUCT_NAME} support. Expect a ${SUPPORT_TEXTS.responseTime}.`,
      `Your reference: ${ticket.id}`,
      `Subject: ${ticket.subject}`,
      ...paragraphsOf(ticket.message),
    ],
    footnote: `Reply to this mail to add anything, or write to ${supportAddress(config)}.`,
  };
}

/**
 * A reply's mail, to the other side of the thread; `user` is the account's current address (the
 * recipient of an admin's answer, the sender of the user's own reply).
 */
type ReplyMail = (
  ticket: SupportTicketRow,
  reply: { message: string },
  user: string,
  config: SupportMailContext['config'],
) => MailMessage;

export const toReplyMail: ReplyMail = (ticket, reply, to, config) => ({
  to,
  replyTo: supportAddress(config),
  subject: `Re: ${oneLine(ticket.subject)}`,
  heading: `An answer from ${PRODUCT_NAME} support`,
  paragraphs: replyAboveTicket(reply, ticket, 'Your message'),
  footnote: `Reply to this mail or write to ${supportAddress(config)} if you need more help.`,
});

/** The user wrote again in their thread: to support, Reply-To the user, with the first message below. */
export const toSupportReplyMail: ReplyMail = (ticket, reply, from, config) => ({
  to: supportAddress(config),
  replyTo: from,
  subject: `[Support ${ticket.id}] Re: ${oneLine(ticket.subject)}`,
  heading: 'New reply to a support message',
  paragraphs: [
    `From: ${from}`,
    `User ID: ${ticket.userId}`,
    ...replyAboveTicket(reply, ticket, 'Their first message'),
  ],
  action: { label: 'Answer in the admin area', url: `${config.PUBLIC_URL}${ROUTES.admin}` },
  footnote: `Replying to this mail writes to ${from}. An answer sent from the admin area is also kept with the ticket.`,
});

async function findTicket(ctx: SupportMailContext, ticketId: string) {
  const [ticket] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  return ticket;
}

/** Renders and sends the job's one mail; a send failure throws, so pg-boss retries the job. */
export async function deliverSupportMail(ctx: SupportMailContext, job: SupportMailJob) {
  if (job.kind === 'reply') {
    const [row] = await ctx.db
      .select({ reply: supportReplies, ticket: supportTickets, to: users.email, deletedAt: users.deletedAt })
      .from(supportReplies)
      .innerJoin(supportTickets, eq(supportTickets.id, supportReplies.ticketId))
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(eq(supportReplies.id, job.replyId));
    // The account was deleted after the reply was written: nobody is left to mail or to answer.
    if (!row || row.deletedAt) return ctx.log.warn({ job }, 'support reply not mailed: no recipient');
    // Each reply goes to the other side: the user's to support, an admin's to the user.
    await ctx.mailer.send(
      row.reply.author === 'user'
        ? toSupportReplyMail(row.ticket, row.reply, row.to, ctx.config)
        : toReplyMail(row.ticket, row.reply, row.to, ctx.config),
    );
    return;
  }
  const ticket = await findTicket(ctx, job.ticketId);
  if (!ticket) return ctx.log.warn({ job }, 'support mail not sent: ticket not found');
  await ctx.mailer.send(
    job.kind === 'to-support' ? toSupportMail(ticket, ctx.config) : toReceiptMail(ticket, ctx.config),
  );
}
