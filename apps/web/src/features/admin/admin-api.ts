import {
  ADMIN_USERS_LIMIT_DEFAULT,
  type AdjustCreditsBody,
  type AdjustCreditsResponse,
  type AdminChannelsResponse,
  type AdminDashboardResponse,
  type AdminFeaturesResponse,
  type AdminHealthResponse,
  type AdminRevenueResponse,
  type AdminTeamsResponse,
  type AdminUsersResponse,
  APP_PATHS,
  type AuditLogResponse,
  appPath,
  type InviteUserBody,
  type InviteUserResponse,
  type UpdateChannelBody,
  type UpdateChannelResponse,
  type UpdateUserBody,
  type UpdateUserResponse,
} from '@conduit/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';

export const ADMIN_QUERY_KEY = ['admin'] as const;
export const AUDIT_LOG_QUERY_KEY = [...ADMIN_QUERY_KEY, 'audit-log'] as const;
export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * Every admin figure moves while the screen is open, and a tab switch must reload its data
 * (docs/product.md, "States and transitions"): stale at once, so each tab asks again when it is
 * shown (its old figures show meanwhile).
 */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

const get = <T>(path: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, path],
    ...fresh,
    queryFn: ({ signal }) => apiClient.get<T>(path, { signal }),
  });

export const adminDashboardQuery = get<AdminDashboardResponse>(APP_PATHS.adminDashboard.path);
export const adminRevenueQuery = get<AdminRevenueResponse>(APP_PATHS.adminRevenue.path);
export const adminFeaturesQuery = get<AdminFeaturesResponse>(APP_PATHS.adminFeatures.path);
export const adminHealthQuery = get<AdminHealthResponse>(APP_PATHS.adminHealth.path);
export const adminChannelsQuery = get<AdminChannelsResponse>(APP_PATHS.adminChannels.path);

/** A searchable list fetched ADMIN_USERS_LIMIT_DEFAULT rows a request, paged on its cursor. */
const searchedPages = <T extends { nextCursor: string | null }>(path: string, name: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, name, search],
    ...fresh,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ADMIN_USERS_LIMIT_DEFAULT) });
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      return apiClient.get<T>(`${path}?${params}`, { signal });
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * Accounts matching `search`, newest first, ADMIN_USERS_LIMIT_DEFAULT per request
 * (docs/product.md, "Admin figures").
 */
export const adminUsersQuery = (search: string) =>
  searchedPages<AdminUsersResponse>(APP_PATHS.adminUsers.path, 'users', search);

/** Teams matching `search` (name, billing email or a member's email), newest first. */
export const adminTeamsQuery = (search: string) =>
  searchedPages<AdminTeamsResponse>(APP_PATHS.adminTeams.path, 'teams', search);

export const auditLogQuery = infiniteQueryOptions({
  queryKey: AUDIT_LOG_QUERY_KEY,
  ...fresh,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(AUDIT_LOG_PAGE_SIZE) });
    if (pageParam) params.set('cursor', pageParam);
    return apiClient.get<AuditLogResponse>(`${APP_PATHS.adminAuditLog.path}?${params}`, { signal });
  },
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

const userPath = (id: string) => appPath('adminEditUser', { id });

export const adminApi = {
  invite: (body: InviteUserBody) => apiClient.post<InviteUserResponse>(APP_PATHS.adminInvite.path, body),
  update: (id: string, body: UpdateUserBody) => apiClient.patch<UpdateUserResponse>(userPath(id), body),
  adjustCredits: (id: string, body: AdjustCreditsBody) =>
    apiClient.post<AdjustCreditsResponse>(`${userPath(id)}/credits`, body),
  updateChannel: (id: string, body: UpdateChannelBody) =>
    apiClient.patch<UpdateChannelResponse>(appPath('adminUpdateChannel', { id }), body),
};

/** After any change to an account: the table, the overview's counts and the audit log move. */
export const refreshAdminData = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
