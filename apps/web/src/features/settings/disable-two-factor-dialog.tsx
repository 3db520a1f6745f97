import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
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
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field } = useFormFields({ code: '' }, {}, () => setAlert(null));
  const disable = useMutation({
    mutationFn: () => securityApi.disableTwoFactor(values.code),
    onSuccess: (response) => onDisabled(response.message),
    onError: (error) => setAlert(serverTextOr(error, T.twoFactorCodeWrong)),
  });
  return (
    <FormDialog
      title={DISABLE_TWO_FACTOR_TITLE}
      description={T.twoFactorCodeRequired}
      onClose={onClose}
      onSubmit={() => disable.mutate()}
      alert={alert}
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      isPending={disable.isPending}
      canSubmit={values.code.trim() !== ''}
      variant="danger"
    >
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...field('code')}
      />
    </FormDialog>
  );
}
