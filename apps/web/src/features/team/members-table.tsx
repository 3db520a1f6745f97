import {
  type TeamMember,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@conduit/contracts';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { RowActionButton } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatDate } from '../../lib/format.ts';
import { workspacesApi } from '../workspaces/workspaces-api.ts';
import { useTeamAction } from './use-team-action.ts';

const COLUMNS = ['Email', 'Name', 'Role', 'Joined', 'Actions'] as const;

/** The roles an actor may hand out: only owners make owners. */
export const assignableRoles = (actorRole: WorkspaceRole) =>
  WORKSPACE_ROLES.filter((role) => role !== 'owner' || actorRole === 'owner');

/** Only owners touch owners; nobody changes or removes themselves here (leaving is its own action). */
export const mayManage = (actorRole: WorkspaceRole, member: TeamMember, myId: string) =>
  member.userId !== myId &&
  (actorRole === 'owner' || actorRole === 'admin') &&
  (actorRole === 'owner' || member.role !== 'owner');

function RoleSelect({
  member,
  actorRole,
  onChange,
  disabled,
}: {
  member: TeamMember;
  actorRole: WorkspaceRole;
  onChange: (role: WorkspaceRole) => void;
  disabled: boolean;
}) {
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as WorkspaceRole)}
      className="h-9 rounded-lg border border-border bg-bg px-2 text-fg text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-text"
    >
      {assignableRoles(actorRole).map((role) => (
        <option key={role} value={role}>
          {WORKSPACE_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The members with their roles; owners and admins change roles and remove (server rules apply). */
export function MembersTable({
  teamId,
  members,
  actorRole,
  myId,
}: {
  teamId: string;
  members: TeamMember[];
  actorRole: WorkspaceRole;
  myId: string;
}) {
  const changeRole = useTeamAction((input: { userId: string; role: WorkspaceRole }) =>
    workspacesApi.changeRole(teamId, input.userId, input.role),
  );
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useTeamAction((userId: string) => workspacesApi.removeMember(teamId, userId), {
    onDone: () => setRemoving(null),
  });
  const alert = changeRole.alert;
  const isBusy = changeRole.isPending || remove.isPending;

  return (
    <div className="space-y-3">
      {alert && <FormAlert>{alert}</FormAlert>}
      <CardTable columns={COLUMNS} endAligned={['Actions']} label="Members">
        {members.map((member) => {
          const canManage = mayManage(actorRole, member, myId);
          return (
            <tr key={member.userId} className={ROW_CLASSES}>
              <Cell column="Email" className="break-all text-fg max-sm:col-span-2">
                <EmailAddress email={member.email} />
                {member.userId === myId && <span className="ml-1 text-muted text-xs">(you)</span>}
              </Cell>
              <Cell column="Name" className="text-fg">
                {member.name ?? <span className="text-muted">-</span>}
              </Cell>
              <Cell column="Role" className="text-fg">
                {canManage ? (
                  <RoleSelect
                    member={member}
                    actorRole={actorRole}
                    disabled={isBusy}
                    onChange={(role) => changeRole.mutate({ userId: member.userId, role })}
                  />
                ) : (
                  WORKSPACE_ROLE_LABELS[member.role]
                )}
              </Cell>
              <Cell column="Joined" className="text-fg sm:whitespace-nowrap">
                <Timestamp at={member.joinedAt} format={formatDate} />
              </Cell>
              <Cell column="Actions" className="sm:text-right">
                {canManage ? (
                  <RowActionButton
                    label={`Remove ${member.email}`}
                    icon={UserMinus}
                    isBusy={isBusy}
                    onClick={() => {
                      remove.setAlert(null);
                      setRemoving(member);
                    }}
                  >
                    Remove
                  </RowActionButton>
                ) : (
                  <span className="text-muted">-</span>
                )}
              </Cell>
            </tr>
          );
        })}
      </CardTable>
      {removing && (
        <FormDialog
          title="Remove member"
          description={`Remove ${removing.email} from the team? Their access ends at once; the keys they created stay with the team.`}
          onClose={() => setRemoving(null)}
          onSubmit={() => remove.mutate(removing.userId)}
          alert={remove.alert}
          submitLabel="Remove member"
          pendingLabel="Removing..."
          isPending={remove.isPending}
          variant="danger"
        />
      )}
    </div>
  );
}
