import {
  type AdminSupportResponse,
  appPath,
  type OwnSupportResponse,
  type OwnSupportTicket,
  SUPPORT_ROUTES,
  type SupportMessageBody,
  type SupportReplyBody,
  type SupportStatus,
  type SupportTicket,
} from '@conduit/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';
import { routeQuery } from '../../lib/route-query.ts';

/** Email and phone come from the server's configuration and rarely change. */
export const supportContactQuery = routeQuery(SUPPORT_ROUTES.contact, {
  queryKey: ['support-contact'],
  staleTime: 5 * 60_000,
});

export const OWN_SUPPORT_QUERY_KEY = ['support', 'own'] as const;
export const OWN_SUPPORT_PAGE_SIZE = 10;

/** The user's own messages with the team's replies, newest first, a page at a time. */
export const ownSupportQuery = cursorPagesQuery(SUPPORT_ROUTES.own, {
  queryKey: OWN_SUPPORT_QUERY_KEY,
  limit: OWN_SUPPORT_PAGE_SIZE,
});

/** The admin tab's filter: one status, or every ticket. */
export type TicketFilter = SupportStatus | 'all';
/** Under the admin area's key, so its Refresh button reloads the tickets too. */
export const ADMIN_SUPPORT_QUERY_KEY = ['admin', 'support'] as const;
export const ADMIN_SUPPORT_PAGE_SIZE = 20;

/** Tickets newest first, a page at a time on the server's cursor; fresh each time the tab opens. */
export const adminSupportQuery = (filter: TicketFilter) =>
  cursorPagesQuery(SUPPORT_ROUTES.adminList, {
    queryKey: [...ADMIN_SUPPORT_QUERY_KEY, filter],
    limit: ADMIN_SUPPORT_PAGE_SIZE,
    search: filter === 'all' ? {} : { status: filter },
    refetchOnMount: 'always',
  });

export const supportApi = {
  send: (body: SupportMessageBody) => callRoute(SUPPORT_ROUTES.send, { body }),
  reply: (ticketId: string, message: string) =>
    callRoute(SUPPORT_ROUTES.adminReply, {
      path: appPath('adminSupportReply', { id: ticketId }),
      body: { message } satisfies SupportReplyBody,
    }),
  /** The user writes again in a thread of their own. */
  replyAsUser: (ticketId: string, message: string) =>
    callRoute(SUPPORT_ROUTES.reply, {
      path: appPath('replyToSupportMessage', { id: ticketId }),
      body: { message } satisfies SupportReplyBody,
    }),
};

/** Puts a changed ticket in place in every loaded page of a list (its rows keep their order). */
function replaceInPages<Ticket extends { id: string }, Page extends { tickets: Ticket[] }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  ticket: Ticket,
) {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            tickets: page.tickets.map((row) => (row.id === ticket.id ? ticket : row)),
          })),
        }
      : data,
  );
}

/** Puts the user's replied-to message in place in their list: the reply shows, the status turns open. */
export function replaceOwnTicket(queryClient: QueryClient, ticket: OwnSupportTicket) {
  replaceInPages<OwnSupportTicket, OwnSupportResponse>(queryClient, OWN_SUPPORT_QUERY_KEY, ticket);
}

/**
 * Puts an answered ticket in place in every loaded list, so the reply shows at once and the
 * ticket does not jump out of the "Open" list under the admin's eyes; the next load re-sorts.
 */
export function replaceTicket(queryClient: QueryClient, ticket: SupportTicket) {
  replaceInPages<SupportTicket, AdminSupportResponse>(queryClient, ADMIN_SUPPORT_QUERY_KEY, ticket);
}
