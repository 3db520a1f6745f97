import {
  type AcceptInvitationResponse,
  APP_PATHS,
  appPath,
  type CreateTeamBody,
  type CreateTeamResponse,
  type DeleteTeamBody,
  type InvitationPreviewResponse,
  type InviteMemberBody,
  type InviteMemberResponse,
  type MessageResponse,
  type Team,
  type TeamAuditResponse,
  type TeamResponse,
  type UpdateTeamBody,
  type WorkspaceRole,
  type WorkspacesResponse,
} from '@conduit/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';

export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;
export const TEAM_QUERY_KEY = ['team'] as const;
export const TEAM_AUDIT_PAGE_SIZE = 20;

/** The workspace this browser works in and every workspace the account belongs to. */
export const workspacesQuery = queryOptions({
  queryKey: WORKSPACES_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<WorkspacesResponse>(APP_PATHS.workspaces.path, { signal }),
});

export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, teamId],
    queryFn: ({ signal }) => apiClient.get<TeamResponse>(appPath('team', { teamId }), { signal }),
  });

export const teamAuditQuery = (teamId: string) =>
  infiniteQueryOptions({
    queryKey: [...TEAM_QUERY_KEY, teamId, 'audit-log'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(TEAM_AUDIT_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiClient.get<TeamAuditResponse>(`${appPath('teamAuditLog', { teamId })}?${params}`, { signal });
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiClient.get<InvitationPreviewResponse>(appPath('invitation', { token }), { signal }),
    retry: false,
  });

const member = (teamId: string, userId: string) => ({ teamId, userId });

export const workspacesApi = {
  select: (workspaceId: string) =>
    apiClient.put<MessageResponse>(APP_PATHS.selectWorkspace.path, { workspaceId }),
  createTeam: (body: CreateTeamBody) => apiClient.post<CreateTeamResponse>(APP_PATHS.createTeam.path, body),
  updateTeam: (teamId: string, body: UpdateTeamBody) =>
    apiClient.patch<{ team: Team; message: string }>(appPath('updateTeam', { teamId }), body),
  deleteTeam: (teamId: string, body: DeleteTeamBody) =>
    apiClient.delete<MessageResponse>(appPath('deleteTeam', { teamId }), body),
  invite: (teamId: string, body: InviteMemberBody) =>
    apiClient.post<InviteMemberResponse>(appPath('inviteMember', { teamId }), body),
  revokeInvitation: (teamId: string, invitationId: string) =>
    apiClient.delete<MessageResponse>(appPath('revokeInvitation', { teamId, invitationId })),
  changeRole: (teamId: string, userId: string, role: WorkspaceRole) =>
    apiClient.patch<MessageResponse>(appPath('updateMember', member(teamId, userId)), { role }),
  removeMember: (teamId: string, userId: string) =>
    apiClient.delete<MessageResponse>(appPath('removeMember', member(teamId, userId))),
  transferOwnership: (teamId: string, userId: string) =>
    apiClient.post<MessageResponse>(appPath('transferOwnership', { teamId }), { userId }),
  acceptInvitation: (token: string) =>
    apiClient.post<AcceptInvitationResponse>(appPath('acceptInvitation', { token })),
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
