import type { SupportAuthor } from '@conduit/contracts';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { useDisclosure } from '../../lib/use-disclosure.ts';

/**
 * One support message as a disclosure: the subject, a line about it and its status badge on a
 * button that opens the panel below (the message, its replies, and whatever the page adds).
 */
export function TicketDisclosure({
  subject,
  summary,
  badge,
  children,
}: {
  subject: string;
  summary: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  const { isOpen, controlsId: panelId, toggleProps } = useDisclosure();
  return (
    <li className="rounded-2xl border border-border bg-surface shadow-card">
      <h3>
        <button
          type="button"
          {...toggleProps}
          className="flex w-full items-start gap-3 rounded-2xl p-4 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-text"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-fg">{subject}</span>
            <span className="mt-0.5 block truncate text-muted text-sm">{summary}</span>
          </span>
          {badge}
          <ChevronDown
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 text-muted transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      {isOpen && (
        <div id={panelId} className="space-y-4 border-border border-t p-4">
          {children}
        </div>
      )}
    </li>
  );
}

/** "3 replies" after a ticket's date, or nothing without replies. */
export const repliesText = (count: number) =>
  count > 0 ? ` · ${count} ${count === 1 ? 'reply' : 'replies'}` : '';

/** One message of a thread: who wrote it (a name to show) and whether that was the user. */
export interface ThreadEntry {
  id: string;
  at: string;
  message: string;
  isFromUser: boolean;
  author: string;
}

interface ThreadTicket {
  id: string;
  message: string;
  createdAt: string;
  replies: { id: string; at: string; author: SupportAuthor; message: string }[];
}

/**
 * A ticket's thread oldest first: the message as sent, then every reply from either side.
 * `nameOf` names the writer of a reply, or of the first message when given null.
 */
export function threadOf<Ticket extends ThreadTicket>(
  ticket: Ticket,
  nameOf: (reply: Ticket['replies'][number] | null) => string,
): ThreadEntry[] {
  return [
    { id: ticket.id, at: ticket.createdAt, message: ticket.message, isFromUser: true, author: nameOf(null) },
    ...ticket.replies.map((reply) => ({
      id: reply.id,
      at: reply.at,
      message: reply.message,
      isFromUser: reply.author === 'user',
      author: nameOf(reply),
    })),
  ];
}

/** The conversation in order, each message with who wrote it and when; the user's and the team's set apart. */
export function TicketThread({ entries }: { entries: ThreadEntry[] }) {
  return (
    <ol aria-label="Conversation" className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-author={entry.isFromUser ? 'user' : 'admin'}
          className={entry.isFromUser ? 'rounded-lg bg-surface-2 p-3' : 'border-primary border-l-2 py-1 pl-3'}
        >
          <p className="text-muted text-xs">
            <span className="font-medium text-fg">{entry.author}</span> · <Timestamp at={entry.at} />
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-fg text-sm">{entry.message}</p>
        </li>
      ))}
    </ol>
  );
}
