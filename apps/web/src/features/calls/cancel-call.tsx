import { appPath, type CallDetail, USAGE_ROUTES } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { forgetOwnCancel, markOwnCancel } from '../../lib/own-cancels.ts';
import { serverTextOr } from '../../lib/server-error.ts';
import { refreshCredits } from '../credits/credits-api.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { usageQuery } from '../usage/dashboard-queries.ts';
import { callQueryKey } from './calls-api.ts';

export const CANCEL_CALL = 'Cancel call';
export const CANCEL_CALL_TITLE = 'Cancel this call?';
const CANCEL_FAILED = 'Could not cancel the call';
export const TOO_LATE_TITLE = 'Too late to cancel';
/** The call settled while its cancel dialog was open: what became of it instead. */
export const TOO_LATE_MESSAGES: Record<Exclude<CallDetail['status'], 'processing'>, string> = {
  completed: 'The call completed before the cancel was sent: its result is below, and it stays charged.',
  failed: 'The call failed before the cancel was sent: its credits were refunded.',
  canceled: 'The call was already canceled: its credits were refunded.',
  aborted: 'The call was aborted before it started: its credits were refunded.',
};
const outcomeTitle = (refunded: number) =>
  refunded > 0 ? `Call canceled: ${refunded} credit${refunded === 1 ? '' : 's'} refunded` : 'Cancel sent';

/**
 * The Cancel of a running call (POST /api/calls/:taskId/cancel, the API's cancel): a confirmation
 * that says what comes back, then the server's own words on what happened, since a call that has
 * started upstream may be stopped, be refunded later, or run to its end. Shown while the call runs;
 * a call that settles while the dialog is open closes it with a word on what happened instead.
 * The cancel's answer is the one notice of it (the live stream's is held back: own-cancels.ts).
 */
export function CancelCall({ call }: { call: Pick<CallDetail, 'taskId' | 'creditsCharged' | 'status'> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { success, error: notifyError, notify } = useNotify();
  const cancel = useMutation({
    onMutate: () => markOwnCancel(call.taskId),
    mutationFn: () =>
      callRoute(USAGE_ROUTES.cancelCall, { path: appPath('cancelCall', { taskId: call.taskId }), body: {} }),
    onSuccess: (result) => {
      setIsOpen(false);
      success({ title: outcomeTitle(result.creditsRefunded), message: result.message });
      void queryClient.invalidateQueries({ queryKey: callQueryKey(call.taskId) });
      void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
      void refreshCredits(queryClient);
    },
    onError: (error) => {
      forgetOwnCancel(call.taskId);
      const message = serverTextOr(error, 'Please try again.');
      setAlert(message);
      notifyError({ title: CANCEL_FAILED, message });
      void queryClient.invalidateQueries({ queryKey: callQueryKey(call.taskId) });
    },
  });
  const close = () => {
    setIsOpen(false);
    setAlert(null);
  };
  const settledFirst = isOpen && call.status !== 'processing' && cancel.isIdle ? call.status : null;
  useEffect(() => {
    if (!settledFirst) return;
    setIsOpen(false);
    setAlert(null);
    notify({ type: 'info', title: TOO_LATE_TITLE, message: TOO_LATE_MESSAGES[settledFirst] });
  }, [settledFirst, notify]);
  if (call.status !== 'processing') return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        {CANCEL_CALL}
      </Button>
      <FormDialog
        isOpen={isOpen}
        onClose={close}
        title={CANCEL_CALL_TITLE}
        description={`If it has not started upstream yet, its ${call.creditsCharged} credits come back at once. If it has, the upstream decides: it is stopped and refunded, or it runs to its end and stays charged. You will see which.`}
        onSubmit={() => cancel.mutate()}
        alert={alert}
        submitLabel={CANCEL_CALL}
        pendingLabel="Canceling..."
        isPending={cancel.isPending}
        variant="danger"
        secondary={
          <Button variant="secondary" onClick={close}>
            Keep it running
          </Button>
        }
      />
    </>
  );
}
