import {
  type AcceptInvitationResponse,
  type InvitationPreviewResponse,
  type InviteMemberBody,
  type InviteMemberResponse,
  PRODUCT_NAME,
  ROUTES,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_TEXTS,
  type WorkspaceRole,
} from '@conduit/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { DbOrTx } from '../../platform/database.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import { users } from '../auth/schema.ts';
import { workspaceMembers, workspaces } from '../auth/workspace-schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { countInvitation, type InvitationLimits } from './invitation-limits.ts';
import { workspaceInvitations } from './schema.ts';
import { teamFor } from './team-access.ts';
import { recordTeamEvent } from './team-audit.ts';
import { readEmail } from './team-values.ts';
import type { TeamsContext } from './teams.ts';
import { toWorkspaceSummary } from './workspace-list.ts';

export interface InvitationsContext extends TeamsContext {
  config: Pick<Config, 'PUBLIC_URL'>;
  mailer: Mailer;
  log: Logger;
  invitationLimits: InvitationLimits;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}${ROUTES.invite}/${encodeURIComponent(token)}`;

/**
 * Invites an address with a role (owners and admins; only owners invite owners). The link works
 * once, for 7 days; an address that has no account yet signs up through it. Inviting the same
 * address again replaces its pending invitation. Invitations are limited per inviter, per team
 * and per invited mailbox (`invitation-limits.ts`).
 */
export async function inviteMember(
  ctx: InvitationsContext,
  actorId: string,
  teamId: string,
  body: InviteMemberBody,
): Promise<InviteMemberResponse> {
  const email = readEmail(body.email, 'email');
  if (!email) throw new ValidationFailed(TEAM_TEXTS.emailInvalid, 'email');
  const token = newToken();
  const invited = await ctx.db.transaction(async (tx) => {
    const { team, access } = await teamFor(tx, teamId, actorId, 'manageMembers', { lock: true });
    if (body.role === 'owner' && access.role !== 'owner')
      throw new Forbidden(TEAM_TEXTS.onlyOwnersManageOwners);
    // Counted once the caller may invite, so a stranger cannot use up a team's invitations.
    await countInvitation(ctx.invitationLimits, { inviterId: actorId, teamId: team.id, email });
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, team.id), eq(users.email, email)));
    if (member) throw new Conflict(TEAM_TEXTS.alreadyMember);
    const now = ctx.clock.now();
    await tx
      .update(workspaceInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, team.id),
          eq(workspaceInvitations.email, email),
          isNull(workspaceInvitations.usedAt),
        ),
      );
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        id: newId('inv'),
        tokenHash: sha256Hex(token),
        workspaceId: team.id,
        email,
        role: body.role,
        invitedBy: actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_DAYS * DAY_MS),
      })
      .returning();
    await recordTeamEvent(tx, {
      workspace: team,
      actorId,
      action: 'member.invited',
      details: { email, role: body.role },
      at: now,
    });
    const [inviter] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, actorId));
    return { row: row as typeof workspaceInvitations.$inferSelect, teamName: team.name ?? '', inviter };
  });
  const link = invitationLink(ctx.config.PUBLIC_URL, token);
  let emailSent = true;
  try {
    const by = invited.inviter?.name
      ? `${invited.inviter.name} (${invited.inviter.email})`
      : invited.inviter?.email;
    await ctx.mailer.send({
      to: email,
      // The team name is text its creator typed: never in the subject or heading, and quoted below.
      subject: TEAM_TEXTS.invitationSubject,
      heading: 'You are invited to a team',
      paragraphs: [
        `${by ?? 'A team owner'} invited you to a team on ${PRODUCT_NAME}, as ${body.role}. The team is named "${invited.teamName}" (a name its members chose).`,
        `If you do not have a ${PRODUCT_NAME} account yet, you can create one with this address from the link.`,
      ],
      action: { label: 'Accept invitation', url: link },
      footnote: `This link works once, for ${TEAM_INVITATION_TTL_DAYS} days. If you did not expect this mail, ignore it.`,
    });
  } catch (error) {
    emailSent = false;
    ctx.log.error({ err: error, invitationId: invited.row.id }, 'team invitation mail failed');
  }
  return {
    invitation: {
      id: invited.row.id,
      email,
      role: invited.row.role as WorkspaceRole,
      invitedBy: invited.inviter?.email ?? null,
      createdAt: invited.row.createdAt.toISOString(),
      expiresAt: invited.row.expiresAt.toISOString(),
    },
    emailSent,
    message: emailSent ? TEAM_TEXTS.invited : TEAM_TEXTS.inviteMailFailed,
    link,
  };
}

export async function revokeInvitation(
  ctx: TeamsContext,
  actorId: string,
  teamId: string,
  invitationId: string,
) {
  await ctx.db.transaction(async (tx) => {
    const { team } = await teamFor(tx, teamId, actorId, 'manageMembers', { lock: true });
    const [revoked] = await tx
      .update(workspaceInvitations)
      .set({ usedAt: ctx.clock.now() })
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, team.id),
          isNull(workspaceInvitations.usedAt),
        ),
      )
      .returning({ email: workspaceInvitations.email });
    if (!revoked) throw new NotFound(TEAM_TEXTS.invitationInvalid);
    await recordTeamEvent(tx, {
      workspace: team,
      actorId,
      action: 'invitation.revoked',
      details: { email: revoked.email },
      at: ctx.clock.now(),
    });
  });
}

/** A usable invitation by its token: unused, unexpired, its team alive; 404 otherwise. */
async function findInvitation(db: DbOrTx, now: Date, token: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ invitation: workspaceInvitations, team: workspaces, invitedBy: users.email })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.tokenHash, sha256Hex(token)),
        isNull(workspaceInvitations.usedAt),
        gt(workspaceInvitations.expiresAt, now),
        isNull(workspaces.deletedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: workspaceInvitations }) : await query;
  if (!row) throw new NotFound(TEAM_TEXTS.invitationInvalid);
  return row;
}

export async function previewInvitation(
  ctx: TeamsContext,
  token: string,
): Promise<InvitationPreviewResponse> {
  const row = await findInvitation(ctx.db, ctx.clock.now(), token);
  return {
    teamName: row.team.name ?? '',
    role: row.invitation.role as WorkspaceRole,
    email: row.invitation.email,
    invitedBy: row.invitedBy,
    expiresAt: row.invitation.expiresAt.toISOString(),
  };
}

/**
 * Joins the team: the signed-in account must hold the invited address, verified. The
 * invitation row is locked and marked used in the same transaction, so a link works once even
 * when opened twice at the same moment.
 */
export async function acceptInvitation(
  ctx: TeamsContext,
  user: { id: string; email: string; emailVerifiedAt: Date | null },
  token: string,
): Promise<AcceptInvitationResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await findInvitation(tx, now, token, { lock: true });
    if (row.invitation.email !== user.email) throw new Forbidden(TEAM_TEXTS.invitationOtherEmail);
    if (!user.emailVerifiedAt) throw new Forbidden(TEAM_TEXTS.invitationNeedsVerified);
    await tx
      .update(workspaceInvitations)
      .set({ usedAt: now })
      .where(eq(workspaceInvitations.id, row.invitation.id));
    const role = row.invitation.role as WorkspaceRole;
    const [joined] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: row.team.id, userId: user.id, role, joinedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!joined) throw new Conflict(TEAM_TEXTS.alreadyMember);
    await recordTeamEvent(tx, {
      workspace: row.team,
      actorId: user.id,
      action: 'member.joined',
      details: { email: user.email, role },
      at: now,
    });
    return {
      workspace: toWorkspaceSummary({ id: row.team.id, kind: 'team', name: row.team.name, role }),
      message: TEAM_TEXTS.joined,
    };
  });
}
