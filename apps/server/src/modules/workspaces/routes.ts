import {
  AcceptInvitationResponse,
  APP_PATHS,
  AuditLogQuery,
  CreateTeamBody,
  CreateTeamResponse,
  DeleteTeamBody,
  InvitationPreviewResponse,
  InviteMemberBody,
  InviteMemberResponse,
  MessageResponse,
  SelectWorkspaceBody,
  TEAM_TEXTS,
  Team,
  TeamAuditResponse,
  TeamResponse,
  TransferOwnershipBody,
  UpdateMemberBody,
  UpdateTeamBody,
  WorkspacesResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import {
  acceptInvitation,
  type InvitationsContext,
  inviteMember,
  previewInvitation,
  revokeInvitation,
} from './invitations.ts';
import { changeRole, removeMember, transferOwnership } from './members.ts';
import { teamFor } from './team-access.ts';
import { listTeamEvents } from './team-audit.ts';
import { createTeam, deleteTeam, getTeam, updateTeam } from './teams.ts';
import { listWorkspaces, selectWorkspace } from './workspace-list.ts';

const id = z.string().min(1).max(100);
const TeamParams = z.object({ teamId: id });
const MemberParams = z.object({ teamId: id, userId: id });
const InvitationParams = z.object({ teamId: id, invitationId: id });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** Workspaces and teams (docs/product.md, "Teams"): every check of role and membership is made here, in the operation. */
export const workspacesRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx: InvitationsContext = services;
    const tags = ['teams'];

    // Anyone holding the link may see what it invites to; accepting needs the invited account.
    app.get(
      APP_PATHS.invitation.path,
      { schema: { tags, params: TokenParams, response: { 200: InvitationPreviewResponse } } },
      async (request) => previewInvitation(ctx, request.params.token),
    );

    await app.register(async (scope) => {
      const signedInApp = scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
      signedInApp.addHook('preHandler', requireUser(services));
      const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;

      signedInApp.get(
        APP_PATHS.workspaces.path,
        { schema: { tags, response: { 200: WorkspacesResponse } } },
        async (request) => listWorkspaces(services.db, me(request), signedIn(request).workspace),
      );
      signedInApp.put(
        APP_PATHS.selectWorkspace.path,
        { schema: { tags, body: SelectWorkspaceBody, response: { 200: MessageResponse } } },
        async (request) => {
          const { user, sessionId } = signedIn(request);
          await selectWorkspace(services.db, user.id, sessionId, request.body.workspaceId);
          return { message: TEAM_TEXTS.switched };
        },
      );
      signedInApp.post(
        APP_PATHS.createTeam.path,
        { schema: { tags, body: CreateTeamBody, response: { 201: CreateTeamResponse } } },
        async (request, reply) => reply.status(201).send(await createTeam(ctx, me(request), request.body)),
      );
      signedInApp.get(
        APP_PATHS.team.path,
        { schema: { tags, params: TeamParams, response: { 200: TeamResponse } } },
        async (request) => getTeam(ctx, me(request), request.params.teamId),
      );
      signedInApp.patch(
        APP_PATHS.updateTeam.path,
        {
          schema: {
            tags,
            params: TeamParams,
            body: UpdateTeamBody,
            response: { 200: z.object({ team: Team, message: z.string() }) },
          },
        },
        async (request) => ({
          team: await updateTeam(ctx, me(request), request.params.teamId, request.body),
          message: TEAM_TEXTS.updated,
        }),
      );
      signedInApp.delete(
        APP_PATHS.deleteTeam.path,
        { schema: { tags, params: TeamParams, body: DeleteTeamBody, response: { 200: MessageResponse } } },
        async (request) => {
          await deleteTeam(ctx, me(request), request.params.teamId, request.body);
          return { message: TEAM_TEXTS.deleted };
        },
      );
      signedInApp.post(
        APP_PATHS.inviteMember.path,
        {
          schema: {
            tags,
            params: TeamParams,
            body: InviteMemberBody,
            response: { 201: InviteMemberResponse },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await inviteMember(ctx, me(request), request.params.teamId, request.body)),
      );
      signedInApp.delete(
        APP_PATHS.revokeInvitation.path,
        { schema: { tags, params: InvitationParams, response: { 200: MessageResponse } } },
        async (request) => {
          await revokeInvitation(ctx, me(request), request.params.teamId, request.params.invitationId);
          return { message: TEAM_TEXTS.invitationRevoked };
        },
      );
      signedInApp.patch(
        APP_PATHS.updateMember.path,
        {
          schema: { tags, params: MemberParams, body: UpdateMemberBody, response: { 200: MessageResponse } },
        },
        async (request) => {
          await changeRole(ctx, me(request), request.params.teamId, request.params.userId, request.body.role);
          return { message: TEAM_TEXTS.roleChanged };
        },
      );
      signedInApp.delete(
        APP_PATHS.removeMember.path,
        { schema: { tags, params: MemberParams, response: { 200: MessageResponse } } },
        async (request) => ({
          message: await removeMember(ctx, me(request), request.params.teamId, request.params.userId),
        }),
      );
      signedInApp.post(
        APP_PATHS.transferOwnership.path,
        {
          schema: {
            tags,
            params: TeamParams,
            body: TransferOwnershipBody,
            response: { 200: MessageResponse },
          },
        },
        async (request) => {
          await transferOwnership(ctx, me(request), request.params.teamId, request.body.userId);
          return { message: TEAM_TEXTS.ownershipTransferred };
        },
      );
      signedInApp.get(
        APP_PATHS.teamAuditLog.path,
        {
          schema: {
            tags,
            params: TeamParams,
            querystring: AuditLogQuery,
            response: { 200: TeamAuditResponse },
          },
        },
        async (request) => {
          const { team } = await teamFor(services.db, request.params.teamId, me(request), 'viewAudit');
          return listTeamEvents(services.pool, team.id, request.query.limit, request.query.cursor);
        },
      );
      signedInApp.post(
        APP_PATHS.acceptInvitation.path,
        { schema: { tags, params: TokenParams, response: { 200: AcceptInvitationResponse } } },
        async (request) => {
          const { user, sessionId } = signedIn(request);
          const accepted = await acceptInvitation(ctx, user, request.params.token);
          await selectWorkspace(services.db, user.id, sessionId, accepted.workspace.id);
          return accepted;
        },
      );
    });
  };
