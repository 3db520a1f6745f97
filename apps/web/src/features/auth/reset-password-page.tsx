import { ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { readServerError, serverTextOr } from '../../lib/server-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { authApi, isSignedIn } from './auth-api.ts';
import { signupErrorText } from './auth-error-text.ts';
import { useAuthModal } from './auth-modal-context.ts';
import { AuthOutcome } from './auth-outcome.tsx';
import { confirmFieldError, type NewPasswordPair, passwordFieldError } from './auth-validation.ts';
import { refetchCurrentUser } from './session-user.ts';
import { NewPasswordFields } from './signup-form.tsx';
import { useAnnounceSignIn } from './use-announce-sign-in.ts';

export const ASK_NEW_LINK = 'Ask for a new link';

/**
 * /auth/reset-password?token=...: choose a new password (sign-up's rules and texts). The server
 * signs every session out and this browser in, or asks for the two-factor code first.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const announceSignIn = useAnnounceSignIn();
  const [alert, setAlert] = useState<string | null>(null);
  const { openAuthModal } = useAuthModal();
  // Asked when the page opens (nothing spent), so a used or expired link says so before any typing.
  const link = useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => authApi.checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { values, field, validateAll } = useFormFields<NewPasswordPair>(
    { password: '', confirmPassword: '' },
    { password: (v) => passwordFieldError(v.password), confirmPassword: confirmFieldError },
    () => setAlert(null),
  );
  const reset = useMutation({
    mutationFn: async () => {
      const answer = await authApi.resetPassword(token, values.password);
      return isSignedIn(answer) ? refetchCurrentUser(queryClient) : null;
    },
    onSuccess: (user) => {
      if (!user) {
        void navigate(ROUTES.twoFactor, { replace: true });
        return;
      }
      announceSignIn(user);
      void navigate(ROUTES.app, { replace: true });
    },
    onError: (error) => setAlert(signupErrorText(readServerError(error))),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!validateAll(event.currentTarget)) reset.mutate();
  };

  if (token !== '' && link.isPending) return <LoadingScreen label="Checking the link..." />;
  if (token === '' || link.isError) {
    return (
      <AuthOutcome tone="danger" title="Link not usable">
        <p className="text-fg">{serverTextOr(link.error, T.resetInvalid)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => openAuthModal('forgot')}>
          {ASK_NEW_LINK}
        </Button>
      </AuthOutcome>
    );
  }
  return (
    <AuthOutcome tone="ask" title="Choose a new password">
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Choose a new password"
        className="mt-2 w-full space-y-4 text-left"
      >
        <p className="text-muted text-sm">Every device signed in to your account will be signed out.</p>
        {alert && <FormAlert>{alert}</FormAlert>}
        <NewPasswordFields label="New password" values={values} field={field} />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthOutcome>
  );
}
