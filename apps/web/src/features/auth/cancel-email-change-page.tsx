import { ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { authApi } from './auth-api.ts';
import { useAuthModal } from './auth-modal-context.ts';
import { MailedLinkOutcome } from './mailed-link-outcome.tsx';

/**
 * /auth/cancel-email-change?token=...: the link in the notice to the old address cancels a
 * pending change of address (works once, without signing in), then points to a password reset.
 */
export function CancelEmailChangePage() {
  useDocumentTitle('Cancel address change');
  const { openAuthModal } = useAuthModal();
  return (
    <MailedLinkOutcome
      linkKey={['auth', 'cancel-email-change']}
      spend={authApi.cancelEmailChange}
      loadingLabel="Cancelling the change..."
      titles={{ success: 'Change cancelled', failure: 'Nothing to cancel' }}
      failureText={T.emailChangeCancelInvalid}
    >
      <p className="mt-2 text-muted text-sm">
        If you did not ask for this change, someone may know your password: reset it now.
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => openAuthModal('forgot', ROUTES.appSettings)}
      >
        Reset your password
      </Button>
    </MailedLinkOutcome>
  );
}
