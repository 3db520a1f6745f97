import { TEAM_TEXTS, WORKSPACE_ROUTES } from '@conduit/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { createInvitationLimits } from './invitation-limits.ts';
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

/** Workspaces and teams (docs/product.md, "Teams"): every check of role and membership is made here, in the operation. */
export const workspacesRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx: InvitationsContext = { ...services, invitationLimits: createInvitationLimits(services) };
    const tags = ['teams'];

    // Anyone holding the link may see what it invites to; accepting needs the invited account.
    addAppRoute(app, WORKSPACE_ROUTES.invitation, { tags }, async (request) =>
      previewInvitation(ctx, request.params.token),
    );

    await app.register(async (scope) => {
      const signedInApp = scope.withTypeProvider<ZodTypeProvider>();
      signedInApp.addHook('preHandler', requireUser(services));
      const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;

      addAppRoute(signedInApp, WORKSPACE_ROUTES.list, { tags }, async (request) =>
        listWorkspaces(services.db, me(request), signedIn(request).workspace),
      );
      addAppRoute(signedInApp, WORKSPACE_ROUTES.select, { tags }, async (request) => {
        const { user, sessionId } = signedIn(request);
        await selectWorkspace(services.db, user.id, sessionId, request.body.workspaceId);
        return { message: TEAM_TEXTS.switched };
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.createTeam, { tags, status: 201 }, async (request, reply) =>
        reply.status(201).send(await createTeam(ctx, me(request), request.body)),
      );
      addAppRoute(signedInApp, WORKSPACE_ROUTES.team, { tags }, async (request) =>
        getTeam(ctx, me(request), request.params.teamId),
      );
      addAppRoute(signedInApp, WORKSPACE_ROUTES.updateTeam, { tags }, async (request) => ({
        team: await updateTeam(ctx, me(request), request.params.teamId, request.body),
        message: TEAM_TEXTS.updated,
      }));
      addAppRoute(signedInApp, WORKSPACE_ROUTES.deleteTeam, { tags }, async (request) => {
        await deleteTeam(ctx, me(request), request.params.teamId, request.body);
        return { message: TEAM_TEXTS.deleted };
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.invite, { tags, status: 201 }, async (request, reply) =>
        reply.status(201).send(await inviteMember(ctx, me(request), request.params.teamId, request.body)),
      );
      addAppRoute(signedInApp, WORKSPACE_ROUTES.revokeInvitation, { tags }, async (request) => {
        await revokeInvitation(ctx, me(request), request.params.teamId, request.params.invitationId);
        return { message: TEAM_TEXTS.invitationRevoked };
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.updateMember, { tags }, async (request) => {
        await changeRole(ctx, me(request), request.params.teamId, request.params.userId, request.body.role);
        return { message: TEAM_TEXTS.roleChanged };
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.removeMember, { tags }, async (request) => ({
        message: await removeMember(ctx, me(request), request.params.teamId, request.params.userId),
      }));
      addAppRoute(signedInApp, WORKSPACE_ROUTES.transferOwnership, { tags }, async (request) => {
        await transferOwnership(ctx, me(request), request.params.teamId, request.body.userId);
        return { message: TEAM_TEXTS.ownershipTransferred };
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.auditLog, { tags }, async (request) => {
        const { team } = await teamFor(services.db, request.params.teamId, me(request), 'viewAudit');
        return listTeamEvents(services.pool, team.id, request.query);
      });
      addAppRoute(signedInApp, WORKSPACE_ROUTES.acceptInvitation, { tags }, async (request) => {
        const { user, sessionId } = signedIn(request);
        const accepted = await acceptInvitation(ctx, user, request.params.token);
        await selectWorkspace(services.db, user.id, sessionId, accepted.workspace.id);
        return accepted;
      });
    });
  };
