import {
  ADMIN_EDIT_ROUTES,
  ADMIN_FIGURE_ROUTES,
  ADMIN_MARGIN_ROUTES,
  ADMIN_USERS_LIMIT_DEFAULT,
  type AdjustCreditsBody,
  type AppRoute,
  appPath,
  type InviteUserBody,
  type UpdateChannelBody,
  type UpdateKieAccountBody,
  type UpdateModelBody,
  type UpdateUserBody,
} from '@conduit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';
import { routeQuery } from '../../lib/route-query.ts';

export const ADMIN_QUERY_KEY = ['admin'] as const;
export const AUDIT_LOG_QUERY_KEY = [...ADMIN_QUERY_KEY, 'audit-log'] as const;
export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * Every admin figure moves while the screen is open, and a tab switch must reload its data
 * (docs/product.md, "States and transitions"): stale at once, so each tab asks again when it is
 * shown (its old figures show meanwhile).
 */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

const get = <Route extends AppRoute>(route: Route) =>
  routeQuery(route, { queryKey: [...ADMIN_QUERY_KEY, route.path], ...fresh });

export const adminDashboardQuery = get(ADMIN_FIGURE_ROUTES.dashboard);
export const adminRevenueQuery = get(ADMIN_FIGURE_ROUTES.revenue);
export const adminFeaturesQuery = get(ADMIN_FIGURE_ROUTES.features);
export const adminHealthQuery = get(ADMIN_FIGURE_ROUTES.health);
export const adminChannelsQuery = get(ADMIN_FIGURE_ROUTES.channels);
export const adminModelsQuery = get(ADMIN_FIGURE_ROUTES.models);
export const adminMarginsQuery = get(ADMIN_MARGIN_ROUTES.margins);
export const adminReconciliationQuery = get(ADMIN_FIGURE_ROUTES.reconciliation);

/**
 * A searchable list fetched ADMIN_USERS_LIMIT_DEFAULT rows a request, paged on its cursor; every
 * visit and tab switch asks again.
 */
const searchedPages = <Route extends AppRoute>(route: Route, name: string, search: string) =>
  cursorPagesQuery(route, {
    queryKey: [...ADMIN_QUERY_KEY, name, search],
    limit: ADMIN_USERS_LIMIT_DEFAULT,
    search: search ? { search } : {},
    refetchOnMount: 'always',
  });

/**
 * Accounts matching `search`, newest first, ADMIN_USERS_LIMIT_DEFAULT per request
 * (docs/product.md, "Admin figures").
 */
export const adminUsersQuery = (search: string) => searchedPages(ADMIN_EDIT_ROUTES.users, 'users', search);

/** Teams matching `search` (name, billing email or a member's email), newest first. */
export const adminTeamsQuery = (search: string) => searchedPages(ADMIN_EDIT_ROUTES.teams, 'teams', search);

export const auditLogQuery = cursorPagesQuery(ADMIN_FIGURE_ROUTES.auditLog, {
  queryKey: AUDIT_LOG_QUERY_KEY,
  limit: AUDIT_LOG_PAGE_SIZE,
  refetchOnMount: 'always',
});

export const adminApi = {
  invite: (body: InviteUserBody) => callRoute(ADMIN_EDIT_ROUTES.invite, { body }),
  update: (id: string, body: UpdateUserBody) =>
    callRoute(ADMIN_EDIT_ROUTES.editUser, { path: appPath('adminEditUser', { id }), body }),
  adjustCredits: (id: string, body: AdjustCreditsBody) =>
    callRoute(ADMIN_EDIT_ROUTES.adjustCredits, { path: appPath('adminAdjustCredits', { id }), body }),
  updateChannel: (id: string, body: UpdateChannelBody) =>
    callRoute(ADMIN_EDIT_ROUTES.updateChannel, { path: appPath('adminUpdateChannel', { id }), body }),
  updateKieAccount: (id: string, body: UpdateKieAccountBody) =>
    callRoute(ADMIN_EDIT_ROUTES.updateKieAccount, { path: appPath('adminUpdateKieAccount', { id }), body }),
  updateModel: (id: string, body: UpdateModelBody) =>
    callRoute(ADMIN_EDIT_ROUTES.updateModel, { path: appPath('adminUpdateModel', { id }), body }),
};

/** After any change to an account: the table, the overview's counts and the audit log move. */
export const refreshAdminData = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
