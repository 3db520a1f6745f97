import { ROUTES } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { focusField, useFormFields } from '../../lib/use-form-fields.ts';
import { authApi, type Credentials } from './auth-api.ts';
import { type LoginErrorView, loginErrorText, readServerError } from './auth-error-text.ts';
import { useAuthModal } from './auth-modal-context.ts';
import {
  emailFieldError,
  type LoginValues,
  loginSubmitError,
  passwordFieldError,
} from './auth-validation.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';
import { refetchCurrentUser } from './session-user.ts';
import { useAnnounceSignIn } from './use-announce-sign-in.ts';

const SESSION_MISSING = 'The session was not established.';

/**
 * Sign in, then fetch the current user (docs/product.md, "States and transitions"), announce it and
 * go to /app.
 */
export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { closeAuthModal } = useAuthModal();
  const announceSignIn = useAnnounceSignIn();
  const [alert, setAlert] = useState<LoginErrorView | null>(null);
  const { values, field, validateAll } = useFormFields<LoginValues>(
    { email: '', password: '' },
    { email: (v) => emailFieldError(v.email), password: (v) => passwordFieldError(v.password) },
    () => setAlert(null),
  );

  const login = useMutation({
    mutationFn: async (credentials: Credentials) => {
      await authApi.login(credentials);
      const user = await refetchCurrentUser(queryClient);
      if (!user) throw new Error(SESSION_MISSING);
      return user;
    },
    onSuccess: (user) => {
      closeAuthModal();
      announceSignIn(user);
      void navigate(ROUTES.app);
    },
    onError: (error) => setAlert(loginErrorText(readServerError(error))),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const submitError = loginSubmitError(values);
    if (submitError) {
      setAlert({ text: submitError, isUnverified: false });
      return;
    }
    setAlert(null);
    const invalidField = validateAll();
    if (invalidField) {
      focusField(event.currentTarget, invalidField);
      return;
    }
    login.mutate(values);
  };

  const isEmpty = values.email === '' || values.password === '';
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in" className="space-y-4">
      {alert && (
        <FormAlert action={alert.isUnverified && <ResendVerificationButton email={values.email} />}>
          {alert.text}
        </FormAlert>
      )}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" className="w-full" disabled={isEmpty || login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <GoogleSignIn />
    </form>
  );
}
