import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type SubmittedForm, useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';

/**
 * A billing settings form (details, auto top-up): editing clears the alert, and the saved answer
 * replaces what `queryKey` caches, confirmed by a `savedText` notification.
 */
export function useBillingForm<Values extends Record<keyof Values, string | boolean>, Body, Result>(
  form: Omit<SubmittedForm<Values, Body, Result>, 'onDone' | 'clearAlertOnEdit'>,
  queryKey: QueryKey,
  savedText: string,
) {
  const { success } = useNotify();
  const queryClient = useQueryClient();
  return useSubmittedForm({
    ...form,
    clearAlertOnEdit: true,
    onDone: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      success({ message: savedText });
    },
  });
}
