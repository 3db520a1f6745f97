import { ACCOUNT_SECURITY_TEXTS as T, type TwoFactorSetupResponse } from '@conduit/contracts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { CurrentPasswordField, OneTimeCodeField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { securityApi } from './security-api.ts';

export const ENABLE_TWO_FACTOR_TITLE = 'Turn on two-factor authentication';

/**
 * Enrolment in three steps: confirm it is you (the password; a Google-only account needs a recent
 * sign-in), scan the QR code and type a code from the app, then keep the ten recovery codes.
 */
export function EnableTwoFactorDialog({
  email,
  hasPassword,
  onClose,
  onEnabled,
}: {
  email: string;
  hasPassword: boolean;
  onClose: () => void;
  onEnabled: () => void;
}) {
  const { values, field } = useFormFields({ password: '', code: '' }, {});
  const start = useFormAction(
    (password: string) => securityApi.startTwoFactor(hasPassword ? password : undefined),
    'Failed to start two-factor authentication',
    () => undefined,
  );
  const enable = useFormAction(
    (code: string) => securityApi.enableTwoFactor(code),
    T.twoFactorCodeWrong,
    onEnabled,
  );

  if (enable.action.data) {
    return (
      <RecoveryCodesDialog
        title="Save your recovery codes"
        description={T.twoFactorOn}
        email={email}
        codes={enable.action.data.recoveryCodes}
        onClose={onClose}
      />
    );
  }
  // One dialog, two steps: the password (if the account has one), then the code from the app.
  const setup = start.action.data;
  const step = setup ? enable : start;
  return (
    <FormDialog
      title={ENABLE_TWO_FACTOR_TITLE}
      description="Signing in will also ask for a code from an authenticator app."
      onClose={onClose}
      // No Cancel: the dialog's close button, Escape and the backdrop leave it at every step.
      secondary={null}
      onSubmit={() => (setup ? enable.action.mutate(values.code) : start.action.mutate(values.password))}
      {...step.frame}
      submitLabel={setup ? 'Turn on' : 'Continue'}
      pendingLabel={setup ? 'Checking...' : 'Continue'}
      canSubmit={setup ? values.code.trim().length >= 6 : !hasPassword || values.password !== ''}
    >
      {setup && <SetupCode setup={setup} />}
      {setup && <OneTimeCodeField label="Code from the app" {...field('code')} />}
      {!setup && hasPassword && <CurrentPasswordField {...field('password')} />}
      {!setup && !hasPassword && (
        <p className="text-muted text-sm">This works within 10 minutes of signing in.</p>
      )}
    </FormDialog>
  );
}

function SetupCode({ setup }: { setup: TwoFactorSetupResponse }) {
  return (
    <div className="space-y-3">
      <p className="text-fg text-sm">
        Scan this code with an authenticator app (1Password, Google Authenticator, Authy...), then type the
        6-digit code it shows.
      </p>
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        className="mx-auto size-48 rounded-lg bg-white p-2"
      />
      <div className="text-muted text-xs">
        <p className="mb-1">Cannot scan? Type this set-up key into the app:</p>
        <CopyButton value={setup.secret} size="sm" />
      </div>
    </div>
  );
}
