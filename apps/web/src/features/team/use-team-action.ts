import { type MessageResponse, ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { refreshTeam, reloadWorkspaceData } from '../workspaces/workspaces-api.ts';

const ACTION_FAILED = 'Something went wrong. Please try again.';

/**
 * One change to the team: on success the server's message is announced and the team reloads
 * (`leavesTeam`: the browser no longer works in it, so everything reloads and the dashboard opens);
 * on failure the server's text (the last-owner rule, a role refusal) is kept in `alert`.
 */
export function useTeamAction<Input>(
  run: (input: Input) => Promise<MessageResponse>,
  { onDone, leavesTeam = false }: { onDone?: () => void; leavesTeam?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { success } = useNotify();
  const { action, alert, setAlert, frame } = useFormAction(run, ACTION_FAILED, async (answer) => {
    success({ message: answer.message });
    onDone?.();
    if (!leavesTeam) return refreshTeam(queryClient);
    await navigate(ROUTES.app);
    return reloadWorkspaceData(queryClient);
  });
  /** A new attempt clears the last one's alert. */
  const mutate = (input: Input) => {
    setAlert(null);
    action.mutate(input);
  };
  return { ...action, mutate, alert, setAlert, frame };
}
