import { type TeamMember, WORKSPACE_ROLE_LABELS } from '@conduit/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { SelectField } from '../../components/ui/text-field.tsx';
import { workspacesApi } from '../workspaces/workspaces-api.ts';
import { useTeamAction } from './use-team-action.ts';

/** An owner makes another member the owner and becomes an admin. */
export function TransferOwnershipDialog({
  teamId,
  members,
  myId,
  onClose,
}: {
  teamId: string;
  members: TeamMember[];
  myId: string;
  onClose: () => void;
}) {
  const others = members.filter((member) => member.userId !== myId);
  const [userId, setUserId] = useState(others[0]?.userId ?? '');
  const transfer = useTeamAction((to: string) => workspacesApi.transferOwnership(teamId, to), {
    onDone: onClose,
  });
  return (
    <FormDialog
      title="Transfer ownership"
      description="The member you pick becomes an owner and you become an admin. Only an owner can undo this."
      onClose={onClose}
      onSubmit={() => transfer.mutate(userId)}
      alert={
        transfer.alert ?? (others.length === 0 ? 'Invite a member first: nobody else is in the team.' : null)
      }
      submitLabel="Transfer ownership"
      pendingLabel="Transferring..."
      isPending={transfer.isPending}
      canSubmit={userId !== ''}
    >
      <SelectField
        label="New owner"
        name="userId"
        value={userId}
        onChange={(event) => setUserId(event.target.value)}
        options={others.map((member) => ({
          value: member.userId,
          label: `${member.email} (${WORKSPACE_ROLE_LABELS[member.role]})`,
        }))}
      />
    </FormDialog>
  );
}
