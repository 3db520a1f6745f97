import type { OwnSupportTicket } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageSection } from '../../components/ui/page-section.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { StatusBadge } from '../admin/status-badge.tsx';
import { ownSupportQuery } from './support-api.ts';
import { repliesText, TicketDisclosure, TicketThread } from './ticket-disclosure.tsx';

export const OWN_TICKETS_TITLE = 'Your messages';
export const OWN_TICKETS_LOAD_FAILED = 'Failed to load your messages';
export const TEAM_NAME = 'Conduit support';

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
      <TicketThread message={ticket.message} replies={ticket.replies} authorOf={() => TEAM_NAME} />
      {ticket.replies.length === 0 && (
        <p className="text-muted text-sm">No reply yet: we answer by email, and the answer shows here too.</p>
      )}
    </TicketDisclosure>
  );
}

/** What the user has sent from this page, with the team's replies, newest first. */
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
