import { roleAllows, type TeamResponse, WORKSPACE_ROLE_LABELS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { History, LogOut, Settings2, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { dashboardQuery } from '../usage/dashboard-queries.ts';
import { CreateTeamDialog } from '../workspaces/create-team-dialog.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { teamQuery } from '../workspaces/workspaces-api.ts';
import { DeleteTeamDialog } from './delete-team-dialog.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { LeaveTeamDialog } from './leave-team-dialog.tsx';
import { MembersTable } from './members-table.tsx';
import { TeamAuditLog } from './team-audit-log.tsx';
import { TeamSettingsForm } from './team-settings-form.tsx';
import { TransferOwnershipDialog } from './transfer-ownership-dialog.tsx';

export const TEAM_LOAD_FAILED = 'Failed to load the team';
type OpenDialog = 'invite' | 'leave' | 'transfer' | 'delete' | 'create' | null;

/** The personal workspace has no members: say what a team is and offer to create one. */
function NoTeam() {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <div className="max-w-2xl space-y-6">
      <PageTitle title="Team" lead="You are working in your personal workspace, which is yours alone." />
      <div className="rounded-2xl border border-border border-dashed p-8 text-center">
        <Users aria-hidden="true" className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-medium text-fg">Share a balance and keys with others</p>
        <p className="mt-1 text-muted text-sm">
          A team has its own credits, API keys and usage; invite members with a role each. Switch to a team
          you belong to from the sidebar.
        </p>
        <Button className="mt-4" onClick={() => setIsCreating(true)}>
          Create team
        </Button>
      </div>
      {isCreating && <CreateTeamDialog onClose={() => setIsCreating(false)} />}
    </div>
  );
}

function TeamView({ data }: { data: TeamResponse }) {
  const me = useAppUser();
  const balance = useQuery(dashboardQuery).data?.credits.balance;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const { team, role, members, invitations } = data;
  const can = (action: Parameters<typeof roleAllows>[1]) => roleAllows(role, action);

  return (
    <div className="max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle title={team.name} lead={`Team · your role: ${WORKSPACE_ROLE_LABELS[role]}`} />
        <div className="flex flex-wrap gap-2">
          {can('manageMembers') && (
            <Button onClick={() => setDialog('invite')}>
              <UserPlus aria-hidden="true" className="size-4" />
              Invite member
            </Button>
          )}
          <Button variant="secondary" onClick={() => setDialog('leave')}>
            <LogOut aria-hidden="true" className="size-4" />
            Leave team
          </Button>
        </div>
      </div>
      <SectionCard title="Members" icon={Users}>
        <div className="mt-4">
          <MembersTable teamId={team.id} members={members} actorRole={role} myId={me._id} />
        </div>
        {can('manageMembers') && (
          <>
            <h3 className="mt-6 font-medium text-fg">Pending invitations</h3>
            <div className="mt-3">
              <InvitationsList teamId={team.id} invitations={invitations} />
            </div>
          </>
        )}
      </SectionCard>
      {can('editTeam') && (
        <SectionCard title="Team settings" icon={Settings2}>
          <div className="mt-4">
            <TeamSettingsForm key={`${team.name}|${team.billingEmail}`} team={team} />
          </div>
        </SectionCard>
      )}
      {can('viewAudit') && (
        <SectionCard title="Audit log" icon={History}>
          <TeamAuditLog teamId={team.id} />
        </SectionCard>
      )}
      {can('ownTeam') && (
        <SectionCard title="Owner actions" icon={ShieldAlert} isDanger>
          <p className="mt-2 text-muted text-sm">
            Hand the team to another member, or delete it with everything it holds.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog('transfer')}>
              Transfer ownership
            </Button>
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Delete team
            </Button>
          </div>
        </SectionCard>
      )}
      {dialog === 'invite' && <InviteDialog teamId={team.id} actorRole={role} onClose={close} />}
      {dialog === 'leave' && (
        <LeaveTeamDialog teamId={team.id} teamName={team.name} myId={me._id} onClose={close} />
      )}
      {dialog === 'transfer' && (
        <TransferOwnershipDialog teamId={team.id} members={members} myId={me._id} onClose={close} />
      )}
      {dialog === 'delete' && (
        <DeleteTeamDialog teamId={team.id} teamName={team.name} balance={balance} onClose={close} />
      )}
    </div>
  );
}

function CurrentTeam({ teamId }: { teamId: string }) {
  const team = useQuery(teamQuery(teamId));
  if (team.isPending) return <RowsSkeleton rows={3} rowClassName="h-28 rounded-2xl" />;
  if (team.isError) return <FormAlert>{serverTextOr(team.error, TEAM_LOAD_FAILED)}</FormAlert>;
  return <TeamView data={team.data} />;
}

/**
 * /app/team: the team the browser works in (docs/product.md, "Teams in the web app"): members and roles,
 * invitations, settings, the audit log and the owner's actions, each shown to the roles that may
 * use it; in the personal workspace, an offer to create a team.
 */
export function TeamPage() {
  useDocumentTitle('Team');
  const { current, query } = useWorkspace();
  if (query.isPending) return <RowsSkeleton rows={3} rowClassName="h-28 rounded-2xl" />;
  if (query.isError || !current) return <FormAlert>{serverTextOr(query.error, TEAM_LOAD_FAILED)}</FormAlert>;
  if (current.kind === 'personal') return <NoTeam />;
  return <CurrentTeam key={current.id} teamId={current.id} />;
}
