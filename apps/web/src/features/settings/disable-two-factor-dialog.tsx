import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { OneTimeCodeField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { securityApi } from './security-api.ts';

export const DISABLE_TWO_FACTOR_TITLE = 'Turn off two-factor authentication';

/** Turning 2FA off takes a current code (or a recovery code): a stolen session alone cannot. */
export function DisableTwoFactorDialog({
  onClose,
  onDisabled,
}: {
  onClose: () => void;
  onDisabled: (message: string) => void;
}) {
  const {
    action: disable,
    setAlert,
    frame,
  } = useFormAction(
    (code: string) => securityApi.disableTwoFactor(code),
    T.twoFactorCodeWrong,
    (response) => onDisabled(response.message),
  );
  const { values, field } = useFormFields({ code: '' }, {}, () => setAlert(null));
  return (
    <FormDialog
      title={DISABLE_TWO_FACTOR_TITLE}
      description={T.twoFactorCodeRequired}
      onClose={onClose}
      onSubmit={() => disable.mutate(values.code)}
      {...frame}
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      canSubmit={values.code.trim() !== ''}
      variant="danger"
    >
      <OneTimeCodeField {...field('code')} />
    </FormDialog>
  );
}
