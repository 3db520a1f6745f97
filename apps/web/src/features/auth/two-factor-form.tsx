import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { OneTimeCodeField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { authApi } from './auth-api.ts';
import { refetchCurrentUser, type SessionUser } from './session-user.ts';

export const BACK_TO_SIGN_IN = 'Back to sign in';

/**
 * The second sign-in step: a 6-digit code from the authenticator app, or one of the recovery
 * codes. Used after the password (in the sign-in modal), after Google and after a password reset.
 */
export function TwoFactorForm({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (user: SessionUser) => void;
  /** The way back to the password step (in the sign-in modal): another account, or a typo in the address. */
  onBack?: () => void;
}) {
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field } = useFormFields({ code: '' }, {}, () => setAlert(null));
  const code = values.code;
  const verify = useMutation({
    mutationFn: async () => {
      await authApi.secondStep(code);
      const user = await refetchCurrentUser(queryClient);
      if (!user) throw new Error(T.twoFactorChallengeExpired);
      return user;
    },
    onSuccess: onSignedIn,
    onError: (error) => setAlert(serverTextOr(error, T.twoFactorCodeWrong)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (code.trim() === '') {
      setAlert(T.twoFactorCodeRequired);
      return;
    }
    setAlert(null);
    verify.mutate();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Two-factor authentication" className="space-y-4">
      <p className="text-muted text-sm">{T.twoFactorRequired}</p>
      {alert && <FormAlert>{alert}</FormAlert>}
      <OneTimeCodeField
        autoFocus
        {...field('code')}
        help="Lost your phone? Enter one of your recovery codes instead."
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      {onBack && (
        <Button variant="ghost" className="w-full" onClick={onBack}>
          {BACK_TO_SIGN_IN}
        </Button>
      )}
    </form>
  );
}
