import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { OneTimeCodeField } from '../../components/ui/text-field.tsx';
import { useFieldsAndAction } from '../../lib/use-form-action.ts';

interface CurrentCodeDialogProps<Result> {
  title: string;
  description: string;
  onClose: () => void;
  /** Sends the change with the code typed. */
  send: (code: string) => Promise<Result>;
  onDone: (result: Result) => void;
  submitLabel: string;
  pendingLabel: string;
  variant?: 'danger';
  /** Shown in place of the form once the change is made (new recovery codes to save). */
  after?: (result: Result) => ReactNode;
}

/**
 * A change that takes a current code (from the authenticator app, or a recovery code), so a stolen
 * session alone cannot make it: a wrong code says so, and editing it clears that.
 */
export function CurrentCodeDialog<Result>({
  send,
  onDone,
  after,
  ...dialog
}: CurrentCodeDialogProps<Result>) {
  const { action, frame, values, field } = useFieldsAndAction(
    { code: '' },
    ({ code }) => send(code),
    T.twoFactorCodeWrong,
    onDone,
  );
  if (action.data && after) return after(action.data);
  return (
    <FormDialog
      {...dialog}
      onSubmit={() => action.mutate(values)}
      {...frame}
      canSubmit={values.code.trim() !== ''}
    >
      <OneTimeCodeField {...field('code')} />
    </FormDialog>
  );
}
