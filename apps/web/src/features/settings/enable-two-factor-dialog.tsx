import { KEY_TEXTS, ACCOUNT_SECURITY_TEXTS as T, type TwoFactorSetupResponse } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { COPIED_TEXT, CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useCopy } from '../../components/ui/use-copy.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { securityApi } from './security-api.ts';

export const ENABLE_TWO_FACTOR_TITLE = 'Turn on two-factor authentication';

/**
 * Enrolment in three steps: confirm it is you (the password; a Google-only account needs a recent
 * sign-in), scan the QR code and type a code from the app, then keep the ten recovery codes.
 */
export function EnableTwoFactorDialog({
  hasPassword,
  onClose,
  onEnabled,
}: {
  hasPassword: boolean;
  onClose: () => void;
  onEnabled: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => securityApi.startTwoFactor(hasPassword ? password : undefined),
    onSuccess: () => setAlert(null),
    onError: (error) => setAlert(serverTextOr(error, 'Failed to start two-factor authentication')),
  });
  const enable = useMutation({
    mutationFn: () => securityApi.enableTwoFactor(code),
    onSuccess: () => {
      setAlert(null);
      onEnabled();
    },
    onError: (error) => setAlert(serverTextOr(error, T.twoFactorCodeWrong)),
  });

  const submit = (event: FormEvent<HTMLFormElement>, action: () => void) => {
    event.preventDefault();
    if (!start.isPending && !enable.isPending) action();
  };

  if (enable.data) return <RecoveryCodes codes={enable.data.recoveryCodes} onClose={onClose} />;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={ENABLE_TWO_FACTOR_TITLE}
      description="Signing in will also ask for a code from an authenticator app."
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      {start.data ? (
        <form
          noValidate
          onSubmit={(event) => submit(event, () => enable.mutate())}
          className="mt-4 space-y-4"
        >
          <SetupCode setup={start.data} />
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={code.trim().length < 6 || enable.isPending}>
            {enable.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => submit(event, () => start.mutate())} className="mt-4 space-y-4">
          {hasPassword ? (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : (
            <p className="text-muted text-sm">This works within 10 minutes of signing in.</p>
          )}
          <Button
            type="submit"
            className="w-full"
            disabled={(hasPassword && password === '') || start.isPending}
          >
            Continue
          </Button>
        </form>
      )}
    </Dialog>
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

function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { status, copy } = useCopy();
  return (
    <Dialog isOpen onClose={onClose} title="Save your recovery codes" description={T.twoFactorOn}>
      <p className="text-muted text-sm">
        Each code signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-4 font-mono text-fg text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        <span role="status" className="text-muted text-xs">
          {status === 'copied' ? COPIED_TEXT : status === 'failed' ? KEY_TEXTS.copyFailed : ''}
        </span>
        <Button variant="secondary" onClick={() => void copy(codes.join('\n'))}>
          Copy codes
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
