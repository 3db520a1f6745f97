import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
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
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: () => securityApi.disableTwoFactor(code),
    onSuccess: (response) => onDisabled(response.message),
    onError: (error) => setAlert(serverTextOr(error, T.twoFactorCodeWrong)),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disable.isPending) disable.mutate();
  };
  return (
    <Dialog isOpen onClose={onClose} title={DISABLE_TWO_FACTOR_TITLE} description={T.twoFactorCodeRequired}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={code.trim() === '' || disable.isPending}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
