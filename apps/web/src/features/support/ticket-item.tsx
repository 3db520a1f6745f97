import type { SupportTicket } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { ReplyForm } from './reply-form.tsx';
import { replaceTicket, supportApi } from './support-api.ts';
import { repliesText, TicketDisclosure, TicketThread, threadOf } from './ticket-disclosure.tsx';

const STATUS_LABELS = { open: 'Open', answered: 'Answered' } as const;

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted text-xs">{label}</dt>
      <dd className="break-all text-fg text-sm">{children}</dd>
    </div>
  );
}

/**
 * One support message: a summary line that expands to the whole conversation (the user's messages
 * under their address, each admin's under theirs) and a form to answer, again if need be.
 */
export function TicketItem({ ticket }: { ticket: SupportTicket }) {
  return (
    <TicketDisclosure
      subject={ticket.subject}
      summary={
        <>
          {ticket.email} · <Timestamp at={ticket.createdAt} />
          {repliesText(ticket.replies.length)}
        </>
      }
      badge={
        <StatusBadge tone={ticket.status === 'open' ? 'warn' : 'good'}>
          {STATUS_LABELS[ticket.status]}
        </StatusBadge>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        <Meta label="From">
          <a href={`mailto:${ticket.email}`} className="text-primary-text underline-offset-4 hover:underline">
            <EmailAddress email={ticket.email} />
          </a>
        </Meta>
        <Meta label="User ID">
          <span className="font-mono">{ticket.userId}</span>
        </Meta>
        <Meta label="Reference">
          <span className="font-mono">{ticket.id}</span>
        </Meta>
      </dl>
      <TicketThread
        entries={threadOf(ticket, (reply) =>
          !reply || reply.author === 'user' ? ticket.email : (reply.adminEmail ?? 'Former admin'),
        )}
      />
      {/* An admin's answer: mailed to the user and kept on the ticket, which becomes answered. */}
      <ReplyForm
        send={(message) => supportApi.reply(ticket.id, message)}
        replace={replaceTicket}
        sentMessage={`Your reply is on its way to ${ticket.email}.`}
        help={`Mailed to ${ticket.email} and kept with this message.`}
      />
    </TicketDisclosure>
  );
}
