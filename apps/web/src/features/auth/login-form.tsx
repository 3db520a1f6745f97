import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CurrentPasswordField, TextField } from '../../components/ui/text-field.tsx';
import { readServerError } from '../../lib/server-error.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { authApi, type Credentials, isSignedIn } from './auth-api.ts';
import { type LoginErrorView, loginErrorText } from './auth-error-text.ts';
import { useAuthModal } from './auth-modal-context.ts';
import {
  emailFieldError,
  type LoginValues,
  loginSubmitError,
  passwordFieldError,
} from './auth-validation.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { takeNextPath } from './next-path.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import { refetchCurrentUser, type SessionUser } from './session-user.ts';
import { TwoFactorForm } from './two-factor-form.tsx';
import { useAnnounceSignIn } from './use-announce-sign-in.ts';

const SESSION_MISSING = 'The session was not established.';

/**
 * Sign in, then fetch the current user (docs/product.md, "States and transitions"), announce it and go to /app (or
 * the page the form was opened for: next-path.ts). An account
 * with two-factor authentication answers the password with a second step: the code form.
 */
export function LoginForm({
  onForgotPassword,
  onCodeStep,
  email = '',
}: {
  onForgotPassword: () => void;
  /** Told when the form turns to the two-factor code step and back. */
  onCodeStep?: (isCodeStep: boolean) => void;
  /** The address to start with (an invitation's). */
  email?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { closeAuthModal } = useAuthModal();
  const announceSignIn = useAnnounceSignIn();
  const [alert, setAlert] = useState<LoginErrorView | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const showCodeStep = (isCodeStep: boolean) => {
    setNeedsCode(isCodeStep);
    onCodeStep?.(isCodeStep);
  };
  const { values, field, validateAll } = useFormFields<LoginValues>(
    { email, password: '' },
    { email: (v) => emailFieldError(v.email), password: (v) => passwordFieldError(v.password) },
    () => setAlert(null),
  );

  const login = useMutation({
    mutationFn: async (credentials: Credentials) => {
      if (!isSignedIn(await authApi.login(credentials))) return null;
      const user = await refetchCurrentUser(queryClient);
      if (!user) throw new Error(SESSION_MISSING);
      return user;
    },
    onSuccess: (user) => (user ? enter(user) : showCodeStep(true)),
    onError: (error) => setAlert(loginErrorText(readServerError(error))),
  });

  function enter(user: SessionUser) {
    closeAuthModal();
    announceSignIn(user);
    void navigate(takeNextPath());
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const submitError = loginSubmitError(values);
    if (submitError) {
      setAlert({ text: submitError, isUnverified: false });
      return;
    }
    setAlert(null);
    if (validateAll(event.currentTarget)) return;
    login.mutate(values);
  };

  const isEmpty = values.email === '' || values.password === '';
  if (needsCode) return <TwoFactorForm onSignedIn={enter} onBack={() => showCodeStep(false)} />;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in" className="space-y-4">
      {alert && (
        <FormAlert action={alert.isUnverified && <ResendVerificationButton email={values.email} />}>
          {alert.text}
        </FormAlert>
      )}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <div>
        <CurrentPasswordField label="Password" {...field('password')} />
        <button
          type="button"
          // Keeps focus (and the email field's blur check) where it is: a message appearing above
          // the link between press and release would move it away from the pointer.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onForgotPassword}
          className="mt-1.5 font-medium text-primary-text text-sm underline-offset-4 hover:underline"
        >
          {T.forgotPassword}
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={isEmpty || login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <GoogleSignIn />
    </form>
  );
}
