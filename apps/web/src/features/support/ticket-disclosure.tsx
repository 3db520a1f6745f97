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

/** The message as sent, then the replies under it, each with who wrote it and when. */
export function TicketThread({
  message,
  replies,
  authorOf,
}: {
  message: string;
  replies: { id: string; at: string; message: string }[];
  authorOf: (index: number) => string;
}) {
  return (
    <>
      <p className="whitespace-pre-wrap break-words rounded-lg bg-surface-2 p-3 text-fg text-sm">{message}</p>
      {replies.length > 0 && (
        <ol aria-label="Replies" className="space-y-3">
          {replies.map((reply, index) => (
            <li key={reply.id} className="border-primary border-l-2 pl-3">
              <p className="text-muted text-xs">
                {authorOf(index)} · <Timestamp at={reply.at} />
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-fg text-sm">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
