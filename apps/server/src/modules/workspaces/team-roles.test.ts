import { APP_PATHS, appPath, TEAM_TEXTS, type WorkspaceRole } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Action {
  name: string;
  request: (teamId: string, self: SignedInAccount) => [Method, string, unknown?];
  /** Who may; everyone else gets 403 with the role text. */
  allowed: readonly WorkspaceRole[];
  /** The answer an allowed member gets (a refused-as-invalid body proves the check passed). */
  okStatus: number;
}

const ALL: readonly WorkspaceRole[] = ['owner', 'admin', 'developer', 'billing'];

/*
 * Every workspace action against the team, by role. The session of each member works in the
 * team; the server decides, whatever the web app shows.
 */
const ACTIONS: Action[] = [
  { name: 'read the balance', request: () => ['GET', appPath('credits')], allowed: ALL, okStatus: 200 },
  { name: 'read the dashboard', request: () => ['GET', appPath('dashboard')], allowed: ALL, okStatus: 200 },
  {
    name: 'read the spend per day',
    request: () => ['GET', `${appPath('dailyUsage')}?tz=UTC`],
    allowed: ALL,
    okStatus: 200,
  },
  // The call list and its CSV name calls, keys and result URLs: billing sees totals only.
  {
    name: 'read the call history',
    request: () => ['GET', appPath('usage')],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 200,
  },
  {
    name: 'export the call history',
    request: () => ['GET', appPath('usageCsv')],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 200,
  },
  {
    name: 'read key values',
    request: () => ['GET', appPath('keys')],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 200,
  },
  {
    name: 'create a key',
    request: (_team, self) => ['POST', appPath('createKey'), { keyName: `by ${self.email}` }],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 201,
  },
  {
    name: 'make or reuse the playground key',
    request: () => ['POST', appPath('createPlaygroundKey')],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 200,
  },
  {
    name: 'delete a key',
    request: () => ['DELETE', appPath('deleteKey', { id: 'key_missing' })],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 404,
  },
  {
    name: 'read a call and its results',
    request: () => ['GET', appPath('callDetail', { taskId: 'task_missing' })],
    allowed: ['owner', 'admin', 'developer'],
    okStatus: 404,
  },
  {
    name: 'buy credits',
    request: () => ['POST', appPath('createCheckoutSession'), { package: 'starter' }],
    allowed: ['owner', 'admin', 'billing'],
    okStatus: 200,
  },
  {
    name: 'read purchases',
    request: () => ['GET', appPath('payments')],
    allowed: ['owner', 'admin', 'billing'],
    okStatus: 200,
  },
  {
    name: 'see the team',
    request: (teamId) => ['GET', appPath('team', { teamId })],
    allowed: ALL,
    okStatus: 200,
  },
  {
    name: 'edit the team',
    request: (teamId) => ['PATCH', appPath('updateTeam', { teamId }), { billingEmail: 'ap@acme.test' }],
    allowed: ['owner', 'admin'],
    okStatus: 200,
  },
  {
    name: 'read the audit log',
    request: (teamId) => ['GET', appPath('teamAuditLog', { teamId })],
    allowed: ['owner', 'admin'],
    okStatus: 200,
  },
  {
    name: 'invite a developer',
    request: (teamId, self) => [
      'POST',
      appPath('inviteMember', { teamId }),
      { email: `guest-of-${self.email}`, role: 'developer' },
    ],
    allowed: ['owner', 'admin'],
    okStatus: 201,
  },
  {
    name: 'delete the team (with a wrong name: refused after the role check)',
    request: (teamId) => ['DELETE', appPath('deleteTeam', { teamId }), { confirmName: 'not it' }],
    allowed: ['owner'],
    okStatus: 400,
  },
  {
    name: 'transfer ownership (to oneself: refused after the role check)',
    request: (teamId, self) => ['POST', appPath('transferOwnership', { teamId }), { userId: self.userId }],
    allowed: ['owner'],
    okStatus: 400,
  },
];

describe('team roles: every action checked in the operation', () => {
  const started = withRuntimeAndInbox({});

  let teamId: string;
  const members = new Map<WorkspaceRole, SignedInAccount>();
  let outsider: SignedInAccount;

  beforeAll(async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'owner');
    teamId = await createTeamAs(owner);
    members.set('owner', owner);
    for (const role of ['admin', 'developer', 'billing'] as const) {
      members.set(role, await joinedMember(started.runtime, started.inbox, owner, teamId, role));
    }
    await useWorkspace(owner, teamId);
    outsider = await signedInAccount(started.runtime, 'user', 'outsider');
  });

  for (const action of ACTIONS) {
    it(`${action.name}: ${action.allowed.join(', ')}`, async () => {
      for (const role of ALL) {
        const member = members.get(role) as SignedInAccount;
        const [method, url, body] = action.request(teamId, member);
        const answer = await member.call(method, url, body);
        const expected = action.allowed.includes(role) ? action.okStatus : 403;
        expect(answer.statusCode, `${role}: ${method} ${url}: ${answer.body}`).toBe(expected);
        if (expected === 403) expect(answer.json().error).toBe(TEAM_TEXTS.roleForbidden(role));
      }
    });
  }

  it('a team one does not belong to does not exist: 404 on every team route, and it cannot be selected', async () => {
    const teamRoutes = Object.entries(APP_PATHS).filter(([, route]) =>
      route.path.startsWith('/api/teams/:teamId'),
    );
    expect(teamRoutes.length).toBeGreaterThanOrEqual(9);
    for (const [id, route] of teamRoutes) {
      const url = route.path
        .replace(':teamId', teamId)
        .replace(':userId', members.get('developer')?.userId ?? '')
        .replace(':invitationId', 'inv_x');
      const answer = await outsider.call(route.method, url, {
        role: 'admin',
        confirmName: 'Acme',
        userId: 'x',
        email: 'x@y.z',
      });
      expect(answer.statusCode, `${id} ${answer.body}`).toBe(404);
      expect(answer.json().error).toBe(TEAM_TEXTS.notFound);
    }
    const select = await outsider.call('PUT', appPath('selectWorkspace'), { workspaceId: teamId });
    expect(select.statusCode).toBe(404);
    // Its own workspace list does not name the team.
    const list = (await outsider.call('GET', appPath('workspaces'))).json();
    expect(list.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual([outsider.userId]);
  });

  it('each member sees the team, with their role, in the workspace list', async () => {
    for (const role of ALL) {
      const list = (await (members.get(role) as SignedInAccount).call('GET', appPath('workspaces'))).json();
      expect(list.current).toEqual({ id: teamId, kind: 'team', name: 'Acme', role });
      expect(list.workspaces).toHaveLength(2);
      expect(list.workspaces[0]).toMatchObject({ kind: 'personal', name: 'Personal', role: 'owner' });
    }
  });
});
