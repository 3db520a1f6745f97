import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { workspacesApi } from '../workspaces/workspaces-api.ts';
import { useTeamAction } from './use-team-action.ts';

/** Leaving (any role): access ends at once; the last owner is refused with the server's text. */
export function LeaveTeamDialog({
  teamId,
  teamName,
  myId,
  onClose,
}: {
  teamId: string;
  teamName: string;
  myId: string;
  onClose: () => void;
}) {
  const leave = useTeamAction(() => workspacesApi.removeMember(teamId, myId), {
    onDone: onClose,
    leavesTeam: true,
  });
  return (
    <FormDialog
      title="Leave team"
      description={`Leave "${teamName}"? You lose access to its balance, keys and usage at once. The keys you created stay with the team.`}
      onClose={onClose}
      onSubmit={() => leave.mutate(undefined)}
      {...leave.frame}
      submitLabel="Leave team"
      pendingLabel="Leaving..."
      variant="danger"
    />
  );
}
