import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { CurrentCodeDialog } from './current-code-dialog.tsx';
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
  return (
    <CurrentCodeDialog
      title={NEW_RECOVERY_CODES_TITLE}
      description={`${T.twoFactorCodeRequired} Your current recovery codes stop working.`}
      onClose={onClose}
      send={(code) => securityApi.newRecoveryCodes(code)}
      onDone={onReplaced}
      submitLabel="Make new codes"
      pendingLabel="Checking..."
      after={(answer) => (
        <RecoveryCodesDialog
          title="Save your new recovery codes"
          description={answer.message}
          email={email}
          codes={answer.recoveryCodes}
          onClose={onClose}
        />
      )}
    />
  );
}
