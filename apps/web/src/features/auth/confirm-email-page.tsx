import { ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { authApi } from './auth-api.ts';
import { MailedLinkOutcome } from './mailed-link-outcome.tsx';
import { refetchCurrentUser } from './session-user.ts';

/** /auth/confirm-email?token=...: the new address confirms the change (the link works once). */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm new address');
  const queryClient = useQueryClient();
  // The signed-in user (if any) shows the new address once it is confirmed.
  const confirm = useCallback(
    async (token: string) => {
      const answer = await authApi.confirmEmail(token);
      void refetchCurrentUser(queryClient).catch(() => null);
      return answer;
    },
    [queryClient],
  );
  return (
    <MailedLinkOutcome
      linkKey={['auth', 'confirm-email']}
      spend={confirm}
      loadingLabel="Confirming your new address..."
      titles={{ success: 'Address changed', failure: 'Address not changed' }}
      failureText={T.emailChangeInvalid}
    >
      <ButtonLink to={ROUTES.appSettings} variant="secondary" className="mt-3">
        Go to settings
      </ButtonLink>
    </MailedLinkOutcome>
  );
}
