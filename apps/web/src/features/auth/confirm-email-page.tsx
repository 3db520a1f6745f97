import { ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSingleUseLink } from '../../lib/use-single-use-link.ts';
import { authApi } from './auth-api.ts';
import { serverTextOr } from './auth-error-text.ts';
import { AuthOutcome } from './auth-outcome.tsx';
import { refetchCurrentUser } from './session-user.ts';

/** /auth/confirm-email?token=...: the new address confirms the change (the link works once). */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm new address');
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const confirmation = useSingleUseLink(['auth', 'confirm-email'], token, authApi.confirmEmail);
  const isDone = confirmation.isSuccess;
  useEffect(() => {
    if (isDone) void refetchCurrentUser(queryClient).catch(() => null);
  }, [isDone, queryClient]);

  if (token !== '' && confirmation.isPending) return <LoadingScreen label="Confirming your new address..." />;
  const isSuccess = confirmation.isSuccess;
  return (
    <AuthOutcome
      tone={isSuccess ? 'success' : 'danger'}
      title={isSuccess ? 'Address changed' : 'Address not changed'}
    >
      <p className="text-fg">
        {isSuccess ? confirmation.data.message : serverTextOr(confirmation.error, T.emailChangeInvalid)}
      </p>
      <ButtonLink to={ROUTES.appSettings} variant="secondary" className="mt-3">
        Go to settings
      </ButtonLink>
    </AuthOutcome>
  );
}
