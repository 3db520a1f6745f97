import { TEAM_TEXTS } from '@conduit/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { workspacesApi } from '../workspaces/workspaces-api.ts';
import { useTeamAction } from './use-team-action.ts';

/** Deleting a team (owners): type its name; the remaining credits are lost, its keys stop working. */
export function DeleteTeamDialog({
  teamId,
  teamName,
  balance,
  onClose,
}: {
  teamId: string;
  teamName: string;
  /** The team's balance, when known, to say what is lost. */
  balance: number | undefined;
  onClose: () => void;
}) {
  const [confirmName, setConfirmName] = useState('');
  const remove = useTeamAction(() => workspacesApi.deleteTeam(teamId, { confirmName }), {
    onDone: onClose,
    leavesTeam: true,
  });
  const credits =
    balance === undefined ? 'Its remaining credits' : `Its ${formatQuantity(balance, 'credit')}`;
  return (
    <FormDialog
      title="Delete team"
      description={`${credits} are lost and cannot be refunded or moved; its API keys stop working and every member loses access. This cannot be undone.`}
      onClose={onClose}
      onSubmit={() => remove.mutate(undefined)}
      {...remove.frame}
      submitLabel="Delete team"
      pendingLabel="Deleting..."
      canSubmit={confirmName === teamName}
      variant="danger"
    >
      <TextField
        label={`Type "${teamName}" to confirm`}
        name="confirmName"
        autoComplete="off"
        value={confirmName}
        help={confirmName && confirmName !== teamName ? TEAM_TEXTS.confirmNameWrong : undefined}
        onChange={(event) => setConfirmName(event.target.value)}
      />
    </FormDialog>
  );
}
