import type { SupportTicket } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { StatusBadge } from '../admin/status-badge.tsx';
import { ReplyForm } from './reply-form.tsx';
import { repliesText, TicketDisclosure, TicketThread } from './ticket-disclosure.tsx';

const STATUS_LABELS = { open: 'Open', answered: 'Answered' } as const;

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted text-xs">{label}</dt>
      <dd className="break-all text-fg text-sm">{children}</dd>
    </div>
  );
}

/** One support message: a summary line that expands to the message, the replies and a reply form. */
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
        message={ticket.message}
        replies={ticket.replies}
        authorOf={(index) => ticket.replies[index]?.adminEmail ?? 'Former admin'}
      />
      <ReplyForm ticket={ticket} />
    </TicketDisclosure>
  );
}
