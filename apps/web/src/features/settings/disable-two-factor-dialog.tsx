import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { CurrentCodeDialog } from './current-code-dialog.tsx';
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
  return (
    <CurrentCodeDialog
      title={DISABLE_TWO_FACTOR_TITLE}
      description={T.twoFactorCodeRequired}
      onClose={onClose}
      send={(code) => securityApi.disableTwoFactor(code)}
      onDone={(response) => onDisabled(response.message)}
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      variant="danger"
    />
  );
}
