import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { OneTimeCodeField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { securityApi } from './security-api.ts';

export const NEW_RECOVERY_CODES_TITLE = 'New recovery codes';

/**
 * New recovery codes take a current code (as turning 2FA off does): the old ones stop working and
 * the new ten are shown once, to copy, download or print.
 */
export function NewRecoveryCodesDialog({
  email,
  onClose,
  onReplaced,
}: {
  email: string;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const { action, setAlert, frame } = useFormAction(
    (code: string) => securityApi.newRecoveryCodes(code),
    T.twoFactorCodeWrong,
    onReplaced,
  );
  const { values, field } = useFormFields({ code: '' }, {}, () => setAlert(null));
  if (action.data) {
    return (
      <RecoveryCodesDialog
        title="Save your new recovery codes"
        description={action.data.message}
        email={email}
        codes={action.data.recoveryCodes}
        onClose={onClose}
      />
    );
  }
  return (
    <FormDialog
      title={NEW_RECOVERY_CODES_TITLE}
      description={`${T.twoFactorCodeRequired} Your current recovery codes stop working.`}
      onClose={onClose}
      onSubmit={() => action.mutate(values.code)}
      {...frame}
      submitLabel="Make new codes"
      pendingLabel="Checking..."
      canSubmit={values.code.trim() !== ''}
    >
      <OneTimeCodeField {...field('code')} />
    </FormDialog>
  );
}
