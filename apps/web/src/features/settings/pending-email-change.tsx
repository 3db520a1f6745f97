import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { PENDING_EMAIL_QUERY_KEY, securityApi } from './security-api.ts';

const CANCEL_FAILED = 'Failed to cancel the change. Please try again.';

/**
 * A change of address waiting for its confirmation link, with a button that cancels it: the owner
 * who did not ask for it stops it here (or from the link in the notice mail).
 */
export function PendingEmailChange() {
  const queryClient = useQueryClient();
  const { success, error } = useNotify();
  const pending = useQuery({ queryKey: PENDING_EMAIL_QUERY_KEY, queryFn: securityApi.pendingEmailChange });
  const cancel = useMutation({
    mutationFn: securityApi.cancelEmailChange,
    onSuccess: (answer) => success({ title: 'Change cancelled', message: answer.message }),
    onError: (failure) => error({ title: 'Not cancelled', message: serverTextOr(failure, CANCEL_FAILED) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PENDING_EMAIL_QUERY_KEY }),
  });
  const change = pending.data?.pending;
  if (!change) return null;
  return (
    <div className="mt-3 rounded-lg border border-border p-3 text-sm">
      <p className="break-words text-fg">
        A change to <span className="font-medium">{change.newEmail}</span> waits for its confirmation (until{' '}
        {new Date(change.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}).
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => cancel.mutate()}
        disabled={cancel.isPending}
      >
        Cancel this change
      </Button>
    </div>
  );
}
