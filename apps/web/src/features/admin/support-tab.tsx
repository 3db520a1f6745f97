import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyNote, LoadMore, retryNextPage } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { adminSupportQuery, type TicketFilter } from '../support/support-api.ts';
import { TicketItem } from '../support/ticket-item.tsx';
import { AdminLoadError } from './admin-load-error.tsx';

const FILTERS: { value: TicketFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'all', label: 'All' },
];

export const SUPPORT_EMPTY: Record<TicketFilter, string> = {
  open: 'No open messages. Everything has been answered.',
  answered: 'No answered messages yet.',
  all: 'No support messages yet. Messages users send from /app/support appear here.',
};

/** Admin Support tab: users' messages newest first, filtered by status; open one to read and answer it. */
export function SupportTab() {
  const [filter, setFilter] = useState<TicketFilter>('open');
  const tickets = useInfiniteQuery(adminSupportQuery(filter));
  const rows = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show messages</legend>
        {FILTERS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={filter === option.value ? 'primary' : 'secondary'}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </fieldset>
      {tickets.isPending ? (
        <RowsSkeleton rows={3} rowClassName="h-16 rounded-2xl" className="py-6" />
      ) : tickets.isError && rows.length === 0 ? (
        <AdminLoadError onRetry={() => void tickets.refetch()} isRetrying={tickets.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyNote>{SUPPORT_EMPTY[filter]}</EmptyNote>
      ) : (
        <ul aria-label="Support messages" className="space-y-3">
          {rows.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
      <LoadMore pages={tickets} failure={<AdminLoadError {...retryNextPage(tickets)} />} />
    </div>
  );
}
