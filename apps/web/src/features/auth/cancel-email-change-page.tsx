import { ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSingleUseLink } from '../../lib/use-single-use-link.ts';
import { authApi } from './auth-api.ts';
import { serverTextOr } from './auth-error-text.ts';
import { useAuthModal } from './auth-modal-context.ts';
import { AuthOutcome } from './auth-outcome.tsx';

/**
 * /auth/cancel-email-change?token=...: the link in the notice to the old address cancels a
 * pending change of address (works once, without signing in), then points to a password reset.
 */
export function CancelEmailChangePage() {
  useDocumentTitle('Cancel address change');
  const token = useSearchParams()[0].get('token') ?? '';
  const cancellation = useSingleUseLink(['auth', 'cancel-email-change'], token, authApi.cancelEmailChange);
  const { openAuthModal } = useAuthModal();

  if (token !== '' && cancellation.isPending) return <LoadingScreen label="Cancelling the change..." />;
  const isSuccess = cancellation.isSuccess;
  return (
    <AuthOutcome
      tone={isSuccess ? 'success' : 'danger'}
      title={isSuccess ? 'Change cancelled' : 'Nothing to cancel'}
    >
      <p className="text-fg">
        {isSuccess ? cancellation.data.message : serverTextOr(cancellation.error, T.emailChangeCancelInvalid)}
      </p>
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
    </AuthOutcome>
  );
}
