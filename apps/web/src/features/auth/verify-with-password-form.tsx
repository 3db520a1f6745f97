import { ROUTES, ACCOUNT_SECURITY_TEXTS as T, type VerifyEmailResponse } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CurrentPasswordField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { authApi } from './auth-api.ts';

/**
 * A verification link opened outside the browser that signed up: the account's password finishes
 * it; "I did not create this account" drops the password somebody else chose and goes on to
 * choosing one's own (the reset page, with the token the server answered).
 */
export function VerifyWithPasswordForm({
  token,
  onVerified,
}: {
  token: string;
  onVerified: (result: VerifyEmailResponse) => void;
}) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field } = useFormFields({ password: '' }, {}, () => setAlert(null));
  const { password } = values;
  const answer = useMutation({
    mutationFn: (disown: boolean) =>
      authApi.answerVerification(disown ? { token, disown } : { token, password }),
    onSuccess: (result) => {
      if (result.resetToken) {
        void navigate(`${ROUTES.resetPassword}?token=${encodeURIComponent(result.resetToken)}`, {
          replace: true,
        });
        return;
      }
      onVerified(result);
    },
    onError: (error) => setAlert(serverTextOr(error, T.passwordWrong)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answer.isPending) return;
    setAlert(password === '' ? T.passwordWrong : null);
    if (password !== '') answer.mutate(false);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Confirm your password"
      className="mt-2 w-full space-y-4 text-left"
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      <CurrentPasswordField label="Password" {...field('password')} />
      <Button type="submit" className="w-full" disabled={answer.isPending}>
        Verify email
      </Button>
      <button
        type="button"
        disabled={answer.isPending}
        onClick={() => answer.mutate(true)}
        className="block w-full text-center font-medium text-primary-text text-sm underline-offset-4 hover:underline"
      >
        {T.notMyAccount}
      </button>
    </form>
  );
}
