import { type TeamInvitation, WORKSPACE_ROLE_LABELS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, X } from 'lucide-react';
import { RowActionButton } from '../../components/ui/button.tsx';
import { ColumnTable, type TableColumn } from '../../components/ui/column-table.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatDate } from '../../lib/format.ts';
import { serverTextOr } from '../../lib/server-error.ts';
import { refreshTeam, workspacesApi } from '../workspaces/workspaces-api.ts';
import { InviteSent } from './invite-dialog.tsx';
import { useTeamAction } from './use-team-action.ts';

interface RowAction<Input> {
  isPending: boolean;
  mutate: (input: Input) => void;
}

function columns(renew: RowAction<TeamInvitation>, revoke: RowAction<string>): TableColumn<TeamInvitation>[] {
  return [
    {
      name: 'Email',
      className: 'break-all text-fg max-sm:col-span-2',
      cell: (invitation) => <EmailAddress email={invitation.email} />,
    },
    { name: 'Role', className: 'text-fg', cell: (invitation) => WORKSPACE_ROLE_LABELS[invitation.role] },
    {
      name: 'Invited by',
      className: 'break-all text-fg',
      cell: (invitation) =>
        invitation.invitedBy ? (
          <EmailAddress email={invitation.invitedBy} />
        ) : (
          <span className="text-muted">-</span>
        ),
    },
    {
      name: 'Expires',
      className: 'text-fg sm:whitespace-nowrap',
      cell: (invitation) => <Timestamp at={invitation.expiresAt} format={formatDate} />,
    },
    {
      name: 'Actions',
      className: 'whitespace-nowrap sm:text-right',
      isEnd: true,
      cell: (invitation) => (
        <>
          <RowActionButton
            label={`Copy a new link for ${invitation.email}`}
            icon={Link2}
            isBusy={renew.isPending}
            onClick={() => renew.mutate(invitation)}
          >
            Copy link
          </RowActionButton>
          <RowActionButton
            label={`Revoke the invitation of ${invitation.email}`}
            icon={X}
            isBusy={revoke.isPending}
            onClick={() => revoke.mutate(invitation.id)}
          >
            Revoke
          </RowActionButton>
        </>
      ),
    },
  ];
}

/**
 * Invitations not yet accepted (shown to those who manage members), each with Revoke and Copy
 * link. Only a hash of a link is kept, so copying one issues a fresh link for the same address and
 * role, which replaces the old one (it stops working).
 */
export function InvitationsList({ teamId, invitations }: { teamId: string; invitations: TeamInvitation[] }) {
  const queryClient = useQueryClient();
  const revoke = useTeamAction((id: string) => workspacesApi.revokeInvitation(teamId, id));
  const renew = useMutation({
    mutationFn: (invitation: TeamInvitation) =>
      workspacesApi.invite(teamId, { email: invitation.email, role: invitation.role }),
    onSuccess: () => void refreshTeam(queryClient),
    onError: (error) => revoke.setAlert(serverTextOr(error, 'Could not make a new link. Please try again.')),
  });
  if (invitations.length === 0) {
    return <p className="text-muted text-sm">No pending invitations.</p>;
  }
  return (
    <div className="space-y-3">
      {revoke.alert && <FormAlert>{revoke.alert}</FormAlert>}
      <ColumnTable
        columns={columns(renew, revoke)}
        rows={invitations}
        rowKey={(invitation) => invitation.id}
        label="Pending invitations"
      />
      {renew.data && <InviteSent sent={renew.data} onClose={() => renew.reset()} />}
    </div>
  );
}
