import { z } from 'zod';
import { AuditLogQuery } from './admin.ts';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { MessageResponse } from './auth.ts';
import { pageOf } from './pages.ts';
import { PRODUCT_NAME } from './product.ts';

/**
 * Workspaces (docs/decisions/0011-workspaces.md): everything that costs or holds money belongs to
 * a workspace, not to a person: the credit account and its ledger, purchases, API keys, tasks and
 * the webhook secret. Every account has a personal workspace (its id is the account's id); a team
 * is a workspace with members, each with one role.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'developer', 'billing'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
};

export const WORKSPACE_ROLE_SUMMARIES: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the team and transferring ownership.',
  admin: 'Members and roles (not owners), API keys and billing.',
  developer: 'Creates and deletes API keys, makes calls, sees usage and results.',
  billing: 'Buys credits and sees purchases and spend; cannot see API keys.',
};

/**
 * What each role may do. The server checks these in every operation; the web app reads the same
 * table to show only what a member can use.
 */
export const WORKSPACE_PERMISSIONS = {
  /** Balance, dashboard figures, spend history. */
  viewSpend: ['owner', 'admin', 'developer', 'billing'],
  /** API keys (their values), the webhook secret, creating and deleting keys. */
  useKeys: ['owner', 'admin', 'developer'],
  /** Calls in the playground, call details and results, live task events. */
  useCalls: ['owner', 'admin', 'developer'],
  /** Buying credit packs and reading purchases. */
  buyCredits: ['owner', 'admin', 'billing'],
  /** Inviting members, changing roles and removing members (owners only by owners). */
  manageMembers: ['owner', 'admin'],
  /** The team's name and billing email. */
  editTeam: ['owner', 'admin'],
  /** The team's audit log. */
  viewAudit: ['owner', 'admin'],
  /** Deleting the team and transferring ownership. */
  ownTeam: ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspaceAction = keyof typeof WORKSPACE_PERMISSIONS;

export function roleAllows(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return (WORKSPACE_PERMISSIONS[action] as readonly WorkspaceRole[]).includes(role);
}

export const TEAM_NAME_MAX_LENGTH = 80;
/**
 * Team invitations sent (mails, so a relay for whoever can make a team): per inviter per hour,
 * per team per day, and per invited address per day across every team.
 */
export const INVITATION_LIMITS = { perInviter: 20, perTeam: 50, perRecipient: 3 } as const;

/** Invitation links work this long, once. */
export const TEAM_INVITATION_TTL_DAYS = 7;

/** Texts of the team screens and answers (docs/product.md, "Teams"). */
export const TEAM_TEXTS = {
  personalName: 'Personal',
  nameRequired: 'Please enter a team name',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
  emailInvalid: 'Please enter a valid email address',
  created: 'Team created',
  updated: 'Team updated',
  deleted: 'Team deleted',
  confirmNameWrong: 'Type the team name exactly to delete it',
  invited: 'Invitation sent',
  tooManyInvitations: 'Too many invitations. Please try again later.',
  /** The invitation mail's subject: fixed, so no text a sender typed (the team name) reaches it. */
  invitationSubject: `You are invited to join a team on ${PRODUCT_NAME}`,
  inviteMailFailed: 'The invitation was created, but the email could not be sent. Copy the link instead.',
  alreadyMember: 'This person is already a member of the team',
  invitationRevoked: 'Invitation revoked',
  invitationInvalid: 'This invitation link is invalid, was already used or has expired.',
  invitationOtherEmail:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  invitationNeedsVerified: 'Verify your email address before joining a team.',
  joined: 'You joined the team',
  roleChanged: 'Role updated',
  memberRemoved: 'Member removed',
  left: 'You left the team',
  lastOwner: 'A team needs at least one owner. Make another member an owner first.',
  onlyOwnersManageOwners: 'Only an owner can change or remove an owner, or make someone an owner.',
  ownershipTransferred: 'Ownership transferred',
  switched: 'Workspace switched',
  notFound: 'Team not found',
  memberNotFound: 'Member not found',
  transferToSelf: 'Choose another member to transfer ownership to.',
  deleteAccountLastOwner: (teams: string[]) =>
    `You are the only owner of ${teams.join(', ')}. Transfer ownership or delete the team before deleting your account.`,
  roleForbidden: (role: WorkspaceRole) =>
    `Your role in this team (${WORKSPACE_ROLE_LABELS[role]}) does not allow this.`,
} as const;

export const WorkspaceSummary = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'team']),
  /** The team's name; "Personal" for the personal workspace. */
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

export const WorkspacesResponse = z.object({
  /** The workspace this browser works in. */
  current: WorkspaceSummary,
  workspaces: z.array(WorkspaceSummary),
});
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

export const SelectWorkspaceBody = z.object({ workspaceId: z.string().max(100) });
export type SelectWorkspaceBody = z.infer<typeof SelectWorkspaceBody>;

const teamName = z.string().max(1000);
const billingEmail = z.string().max(1000).nullable();

export const CreateTeamBody = z.object({ name: teamName, billingEmail: billingEmail.optional() });
export type CreateTeamBody = z.infer<typeof CreateTeamBody>;

export const UpdateTeamBody = z.object({ name: teamName.optional(), billingEmail: billingEmail.optional() });
export type UpdateTeamBody = z.infer<typeof UpdateTeamBody>;

export const DeleteTeamBody = z.object({ confirmName: z.string().max(1000) });
export type DeleteTeamBody = z.infer<typeof DeleteTeamBody>;

export const TeamMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const Team = z.object({
  id: z.string(),
  name: z.string(),
  billingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof Team>;

/** A team as one of its members sees it; pending invitations only for those who manage members. */
export const TeamResponse = z.object({
  team: Team,
  role: z.enum(WORKSPACE_ROLES),
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
});
export type TeamResponse = z.infer<typeof TeamResponse>;

export const CreateTeamResponse = z.object({ team: Team, message: z.string() });
export type CreateTeamResponse = z.infer<typeof CreateTeamResponse>;
export const UpdateTeamResponse = z.object({ team: Team, message: z.string() });
export type UpdateTeamResponse = z.infer<typeof UpdateTeamResponse>;

export const InviteMemberBody = z.object({ email: z.string().max(1000), role: z.enum(WORKSPACE_ROLES) });
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const InviteMemberResponse = z.object({
  invitation: TeamInvitation,
  /** The invitation link, to pass on by hand when the mail could not be sent. */
  link: z.string(),
  emailSent: z.boolean(),
  message: z.string(),
});
export type InviteMemberResponse = z.infer<typeof InviteMemberResponse>;

export const UpdateMemberBody = z.object({ role: z.enum(WORKSPACE_ROLES) });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const TransferOwnershipBody = z.object({ userId: z.string().max(100) });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBody>;

/** What an invitation link shows before it is accepted. */
export const InvitationPreviewResponse = z.object({
  teamName: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  email: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponse>;

export const AcceptInvitationResponse = z.object({ workspace: WorkspaceSummary, message: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

export const TEAM_AUDIT_ACTIONS = [
  'team.created',
  'team.updated',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
  'key.created',
  'key.deleted',
  'key.updated',
  'key.rolled',
  'purchase.completed',
  'alert.added',
  'alert.removed',
  'webhook.endpoint_changed',
  'webhook.secret_rotated',
  'billing.details_updated',
  'auto_topup.updated',
  'auto_topup.card_saved',
  'auto_topup.card_removed',
  'auto_topup.failed',
  'auto_topup.turned_off',
] as const;
export type TeamAuditAction = (typeof TEAM_AUDIT_ACTIONS)[number];

export const TeamAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Who did it (email), or null when nobody did (a payment confirmed by Stripe's webhook). */
  actor: z.string().nullable(),
  action: z.enum(TEAM_AUDIT_ACTIONS),
  details: z.record(z.string(), z.unknown()),
});
export type TeamAuditEntry = z.infer<typeof TeamAuditEntry>;

export const TeamAuditResponse = pageOf('entries', TeamAuditEntry);
export type TeamAuditResponse = z.infer<typeof TeamAuditResponse>;

const id = z.string().min(1).max(100);
const TeamParams = z.object({ teamId: id });
const MemberParams = z.object({ teamId: id, userId: id });
const InvitationParams = z.object({ teamId: id, invitationId: id });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * The workspaces and teams routes (docs/product.md, "Teams"): the workspace list and switch, a
 * team's life, its members, invitations and audit log. An invitation's preview needs no session.
 */
export const WORKSPACE_ROUTES = {
  list: defineAppRoute({ ...APP_PATHS.workspaces, response: WorkspacesResponse }),
  select: defineAppRoute({
    ...APP_PATHS.selectWorkspace,
    body: SelectWorkspaceBody,
    response: MessageResponse,
  }),
  createTeam: defineAppRoute({ ...APP_PATHS.createTeam, body: CreateTeamBody, response: CreateTeamResponse }),
  team: defineAppRoute({ ...APP_PATHS.team, params: TeamParams, response: TeamResponse }),
  updateTeam: defineAppRoute({
    ...APP_PATHS.updateTeam,
    params: TeamParams,
    body: UpdateTeamBody,
    response: UpdateTeamResponse,
  }),
  deleteTeam: defineAppRoute({
    ...APP_PATHS.deleteTeam,
    params: TeamParams,
    body: DeleteTeamBody,
    response: MessageResponse,
  }),
  invite: defineAppRoute({
    ...APP_PATHS.inviteMember,
    params: TeamParams,
    body: InviteMemberBody,
    response: InviteMemberResponse,
  }),
  revokeInvitation: defineAppRoute({
    ...APP_PATHS.revokeInvitation,
    params: InvitationParams,
    response: MessageResponse,
  }),
  updateMember: defineAppRoute({
    ...APP_PATHS.updateMember,
    params: MemberParams,
    body: UpdateMemberBody,
    response: MessageResponse,
  }),
  removeMember: defineAppRoute({
    ...APP_PATHS.removeMember,
    params: MemberParams,
    response: MessageResponse,
  }),
  transferOwnership: defineAppRoute({
    ...APP_PATHS.transferOwnership,
    params: TeamParams,
    body: TransferOwnershipBody,
    response: MessageResponse,
  }),
  auditLog: defineAppRoute({
    ...APP_PATHS.teamAuditLog,
    params: TeamParams,
    query: AuditLogQuery,
    response: TeamAuditResponse,
  }),
  invitation: defineAppRoute({
    ...APP_PATHS.invitation,
    params: TokenParams,
    response: InvitationPreviewResponse,
  }),
  acceptInvitation: defineAppRoute({
    ...APP_PATHS.acceptInvitation,
    params: TokenParams,
    response: AcceptInvitationResponse,
  }),
};
