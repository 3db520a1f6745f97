import { type MessageResponse, ROUTES } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { serverTextOr } from '../auth/auth-error-text.ts';
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
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setAlert(null),
    onSuccess: async (answer) => {
      success({ message: answer.message });
      onDone?.();
      if (!leavesTeam) return refreshTeam(queryClient);
      await navigate(ROUTES.app);
      return reloadWorkspaceData(queryClient);
    },
    onError: (error) => setAlert(serverTextOr(error, ACTION_FAILED)),
  });
  /** What a FormDialog shows of it: the alert, and the pending label while it runs. */
  const frame = { alert, isPending: mutation.isPending };
  return { ...mutation, alert, setAlert, frame };
}
