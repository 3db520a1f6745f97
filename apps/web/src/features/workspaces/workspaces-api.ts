import {
  appPath,
  type CreateTeamBody,
  type DeleteTeamBody,
  type InviteMemberBody,
  type UpdateTeamBody,
  WORKSPACE_ROUTES,
  type WorkspaceRole,
} from '@conduit/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { routeQuery } from '../../lib/route-query.ts';

export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;
export const TEAM_QUERY_KEY = ['team'] as const;
export const TEAM_AUDIT_PAGE_SIZE = 20;

/** The workspace this browser works in and every workspace the account belongs to. */
export const workspacesQuery = routeQuery(WORKSPACE_ROUTES.list, { queryKey: WORKSPACES_QUERY_KEY });

export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, teamId],
    queryFn: ({ signal }) => callRoute(WORKSPACE_ROUTES.team, { path: appPath('team', { teamId }), signal }),
  });

export const teamAuditQuery = (teamId: string) =>
  infiniteQueryOptions({
    queryKey: [...TEAM_QUERY_KEY, teamId, 'audit-log'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(TEAM_AUDIT_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return callRoute(WORKSPACE_ROUTES.auditLog, {
        path: appPath('teamAuditLog', { teamId }),
        query,
        signal,
      });
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      callRoute(WORKSPACE_ROUTES.invitation, { path: appPath('invitation', { token }), signal }),
    retry: false,
  });

const member = (teamId: string, userId: string) => ({ teamId, userId });

export const workspacesApi = {
  select: (workspaceId: string) => callRoute(WORKSPACE_ROUTES.select, { body: { workspaceId } }),
  createTeam: (body: CreateTeamBody) => callRoute(WORKSPACE_ROUTES.createTeam, { body }),
  updateTeam: (teamId: string, body: UpdateTeamBody) =>
    callRoute(WORKSPACE_ROUTES.updateTeam, { path: appPath('updateTeam', { teamId }), body }),
  deleteTeam: (teamId: string, body: DeleteTeamBody) =>
    callRoute(WORKSPACE_ROUTES.deleteTeam, { path: appPath('deleteTeam', { teamId }), body }),
  invite: (teamId: string, body: InviteMemberBody) =>
    callRoute(WORKSPACE_ROUTES.invite, { path: appPath('inviteMember', { teamId }), body }),
  revokeInvitation: (teamId: string, invitationId: string) =>
    callRoute(WORKSPACE_ROUTES.revokeInvitation, {
      path: appPath('revokeInvitation', { teamId, invitationId }),
    }),
  changeRole: (teamId: string, userId: string, role: WorkspaceRole) =>
    callRoute(WORKSPACE_ROUTES.updateMember, {
      path: appPath('updateMember', member(teamId, userId)),
      body: { role },
    }),
  removeMember: (teamId: string, userId: string) =>
    callRoute(WORKSPACE_ROUTES.removeMember, { path: appPath('removeMember', member(teamId, userId)) }),
  transferOwnership: (teamId: string, userId: string) =>
    callRoute(WORKSPACE_ROUTES.transferOwnership, {
      path: appPath('transferOwnership', { teamId }),
      body: { userId },
    }),
  acceptInvitation: (token: string) =>
    callRoute(WORKSPACE_ROUTES.acceptInvitation, { path: appPath('acceptInvitation', { token }) }),
};

/**
 * After the workspace in use changed (a switch, a join, a team created, left or deleted): every
 * figure, key and call on screen belonged to the other one, so everything is loaded again.
 */
export const reloadWorkspaceData = (queryClient: QueryClient) => queryClient.invalidateQueries();

/** Switches this browser to `workspaceId`, then reloads everything. */
export async function switchWorkspace(queryClient: QueryClient, workspaceId: string) {
  const answer = await workspacesApi.select(workspaceId);
  await reloadWorkspaceData(queryClient);
  return answer;
}

/** After a change inside the team (members, invitations, settings): the team, its log and the list. */
export const refreshTeam = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY }),
  ]);
