import type { OwnSupportTicket } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LoadingSkeleton, Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { StatusBadge } from '../admin/status-badge.tsx';
import { ownSupportQuery } from './support-api.ts';

export const OWN_TICKETS_TITLE = 'Your messages';
export const OWN_TICKETS_LOAD_FAILED = 'Failed to load your messages';
export const TEAM_NAME = 'Conduit support';

function OwnTicket({ ticket }: { ticket: OwnSupportTicket }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const replies = ticket.replies.length;
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
            <span className="mt-0.5 block text-muted text-sm">
              <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              {replies > 0 && ` · ${replies} ${replies === 1 ? 'reply' : 'replies'}`}
            </span>
          </span>
          <StatusBadge tone={ticket.status === 'answered' ? 'good' : 'neutral'}>
            {ticket.status === 'answered' ? 'Answered' : 'Waiting for us'}
          </StatusBadge>
          <ChevronDown
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 text-muted transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      {isOpen && (
        <div id={panelId} className="space-y-4 border-border border-t p-4">
          <p className="whitespace-pre-wrap break-words rounded-lg bg-surface-2 p-3 text-fg text-sm">
            {ticket.message}
          </p>
          {replies > 0 ? (
            <ol aria-label="Replies" className="space-y-3">
              {ticket.replies.map((reply) => (
                <li key={reply.id} className="border-primary border-l-2 pl-3">
                  <p className="text-muted text-xs">
                    {TEAM_NAME} · <time dateTime={reply.at}>{formatDateTime(reply.at)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-fg text-sm">{reply.message}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-muted text-sm">
              No reply yet: we answer by email, and the answer shows here too.
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** What the user has sent from this page, with the team's replies, newest first. */
export function OwnTickets() {
  const headingId = useId();
  const query = useInfiniteQuery(ownSupportQuery);
  const tickets = query.data?.pages.flatMap((page) => page.tickets) ?? [];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-fg text-lg">
        {OWN_TICKETS_TITLE}
      </h2>
      <div className="mt-4">
        {query.isPending ? (
          <LoadingSkeleton className="space-y-3">
            {[1, 2].map((row) => (
              <Skeleton key={row} className="h-16 rounded-2xl" />
            ))}
          </LoadingSkeleton>
        ) : query.isError && tickets.length === 0 ? (
          <LoadError
            message={OWN_TICKETS_LOAD_FAILED}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : tickets.length === 0 ? (
          <p className="rounded-2xl border border-border border-dashed p-6 text-center text-muted text-sm">
            No messages yet. What you send here shows up with our replies.
          </p>
        ) : (
          <>
            <ul className="space-y-3">
              {tickets.map((ticket) => (
                <OwnTicket key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
