import type { TeamResponse, WorkspaceRole, WorkspacesResponse } from '@conduit/contracts';

export const PERSONAL = { id: 'usr_test', kind: 'personal', name: 'Personal', role: 'owner' } as const;
export const TEAM_ID = 'wsp_acme';

export function makeWorkspaces(role: WorkspaceRole | null = null): WorkspacesResponse {
  const team = { id: TEAM_ID, kind: 'team' as const, name: 'Acme', role: role ?? 'owner' };
  return { current: role ? team : PERSONAL, workspaces: [PERSONAL, team] };
}

export function makeTeam(role: WorkspaceRole): TeamResponse {
  return {
    team: { id: TEAM_ID, name: 'Acme', billingEmail: null, createdAt: '2026-01-01T00:00:00.000Z' },
    role,
    members: [
      {
        userId: 'usr_owner',
        email: 'owner@example.com',
        name: 'Olive',
        role: 'owner',
        joinedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        userId: 'usr_test',
        email: 'ada@example.com',
        name: null,
        role,
        joinedAt: '2026-01-02T00:00:00.000Z',
      },
      {
        userId: 'usr_dev',
        email: 'dev@example.com',
        name: null,
        role: 'developer',
        joinedAt: '2026-01-03T00:00:00.000Z',
      },
    ],
    invitations:
      role === 'owner' || role === 'admin'
        ? [
            {
              id: 'inv_1',
              email: 'new@example.com',
              role: 'billing',
              invitedBy: 'owner@example.com',
              createdAt: '2026-01-04T00:00:00.000Z',
              expiresAt: '2026-01-11T00:00:00.000Z',
            },
          ]
        : [],
  };
}
