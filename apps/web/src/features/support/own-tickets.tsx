import type { OwnSupportTicket } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageSection } from '../../components/ui/page-section.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ownSupportQuery, replaceOwnTicket, supportApi } from './support-api.ts';
import { repliesText, TicketDisclosure, TicketThread, threadOf } from './ticket-disclosure.tsx';

export const OWN_TICKETS_TITLE = 'Your messages';
export const OWN_TICKETS_LOAD_FAILED = 'Failed to load your messages';
export const TEAM_NAME = 'Conduit support';
export const YOU = 'You';
export const OWN_REPLY_SENT = 'We have it, and answer by email and here.';

function OwnTicket({ ticket }: { ticket: OwnSupportTicket }) {
  return (
    <TicketDisclosure
      subject={ticket.subject}
      summary={
        <>
          <Timestamp at={ticket.createdAt} />
          {repliesText(ticket.replies.length)}
        </>
      }
      badge={
        <StatusBadge tone={ticket.status === 'answered' ? 'good' : 'neutral'}>
          {ticket.status === 'answered' ? 'Answered' : 'Waiting for us'}
        </StatusBadge>
      }
    >
      <TicketThread
        entries={threadOf(ticket, (reply) => (!reply || reply.author === 'user' ? YOU : TEAM_NAME))}
      />
      {ticket.replies.length === 0 && (
        <p className="text-muted text-sm">No reply yet: we answer by email, and the answer shows here too.</p>
      )}
      {/* The user writes again in their thread: mailed to support, and the message waits for us again. */}
      <ReplyForm
        send={(message) => supportApi.replyAsUser(ticket.id, message)}
        replace={replaceOwnTicket}
        sentMessage={OWN_REPLY_SENT}
        help="Sent to our support team and kept with this message."
      />
    </TicketDisclosure>
  );
}

/** What the user has sent from this page, newest first, each with its conversation and a reply form. */
export function OwnTickets() {
  const query = useInfiniteQuery(ownSupportQuery);
  return (
    <PageSection title={OWN_TICKETS_TITLE}>
      <div className="mt-4">
        <PagedList
          query={query}
          rowsOf={(page) => page.tickets}
          failedText={OWN_TICKETS_LOAD_FAILED}
          loading={<RowsSkeleton rows={2} rowClassName="h-16 rounded-2xl" />}
          empty="No messages yet. What you send here shows up with our replies."
        >
          {(tickets) => (
            <ul className="space-y-3">
              {tickets.map((ticket) => (
                <OwnTicket key={ticket.id} ticket={ticket} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </PageSection>
  );
}
