import type { SupportTicket } from '@conduit/contracts';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { StatusBadge } from '../admin/status-badge.tsx';
import { ReplyForm } from './reply-form.tsx';

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
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();

  return (
    <li className="rounded-2xl border border-border bg-surface shadow-card">
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-start gap-3 rounded-2xl p-4 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-text"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-fg">{ticket.subject}</span>
            <span className="mt-0.5 block truncate text-muted text-sm">
              {ticket.email} · <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              {ticket.replies.length > 0 &&
                ` · ${ticket.replies.length} ${ticket.replies.length === 1 ? 'reply' : 'replies'}`}
            </span>
          </span>
          <StatusBadge tone={ticket.status === 'open' ? 'warn' : 'good'}>
            {STATUS_LABELS[ticket.status]}
          </StatusBadge>
          <ChevronDown
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 text-muted transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      {isOpen && (
        <div id={panelId} className="space-y-5 border-border border-t p-4">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Meta label="From">
              <a
                href={`mailto:${ticket.email}`}
                className="text-primary-text underline-offset-4 hover:underline"
              >
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
          <p className="whitespace-pre-wrap break-words rounded-lg bg-surface-2 p-3 text-fg text-sm">
            {ticket.message}
          </p>
          {ticket.replies.length > 0 && (
            <ol aria-label="Replies" className="space-y-3">
              {ticket.replies.map((reply) => (
                <li key={reply.id} className="border-primary border-l-2 pl-3">
                  <p className="text-muted text-xs">
                    {reply.adminEmail ?? 'Former admin'} ·{' '}
                    <time dateTime={reply.at}>{formatDateTime(reply.at)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-fg text-sm">{reply.message}</p>
                </li>
              ))}
            </ol>
          )}
          <ReplyForm ticket={ticket} />
        </div>
      )}
    </li>
  );
}
