import {
  AUTH_ERROR_TEXTS,
  ROUTES,
  VERIFY_REDIRECT_MS,
  VERIFY_REFRESH_MS,
  type VerifyEmailResponse,
} from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSingleUseLink } from '../../lib/use-single-use-link.ts';
import { authApi } from './auth-api.ts';
import { useAuthModal } from './auth-modal-context.ts';
import { AuthOutcome } from './auth-outcome.tsx';
import { takeNextPath } from './next-path.ts';
import { refetchCurrentUser } from './session-user.ts';
import { VerifyWithPasswordForm } from './verify-with-password-form.tsx';

export const VERIFYING_LABEL = 'Verifying your email...';

/**
 * /auth/verify-email?token=...: verifying, then success (also when already verified) or error.
 * The token is single use, so the call is a query keyed by it: StrictMode's second mount and any
 * re-render share the one request instead of spending the token twice.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openAuthModal } = useAuthModal();
  const verification = useSingleUseLink(['auth', 'verify-email'], token, authApi.verifyEmail);
  const [answered, setAnswered] = useState<VerifyEmailResponse | null>(null);
  const result = answered ?? verification.data;
  const isVerified = result !== undefined && !result.passwordRequired && !result.alreadyVerified;

  // A fresh verification signs this browser in: pick the user up, then open the dashboard
  // (or the page sign-up was started from, such as an invitation).
  useEffect(() => {
    if (!isVerified) return;
    let refresh: Promise<unknown> = Promise.resolve();
    const refreshTimer = setTimeout(() => {
      refresh = refetchCurrentUser(queryClient).catch(() => null);
    }, VERIFY_REFRESH_MS);
    const redirectTimer = setTimeout(async () => {
      await refresh;
      void navigate(takeNextPath(), { replace: true });
    }, VERIFY_REDIRECT_MS);
    return () => {
      clearTimeout(refreshTimer);
      clearTimeout(redirectTimer);
    };
  }, [isVerified, queryClient, navigate]);

  // One line whatever went wrong: the server's "invalid or expired link" would only repeat it.
  if (!token || verification.isError) {
    return (
      <AuthOutcome tone="danger" title="Verification failed">
        <p className="text-fg">{token ? AUTH_ERROR_TEXTS.verifyFailed : AUTH_ERROR_TEXTS.noToken}</p>
        <ButtonLink to={ROUTES.home} variant="secondary" className="mt-3">
          Back to home
        </ButtonLink>
      </AuthOutcome>
    );
  }
  if (result?.passwordRequired) {
    return (
      <AuthOutcome tone="ask" title="Confirm it is your account">
        <p className="text-fg">{result.message}</p>
        <VerifyWithPasswordForm token={token} onVerified={setAnswered} />
      </AuthOutcome>
    );
  }
  if (result) {
    return (
      <AuthOutcome tone="success" title="Email verified">
        <p className="text-fg">{result.message}</p>
        {isVerified ? (
          <p role="status" className="text-muted text-sm">
            Taking you to your dashboard...
          </p>
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => openAuthModal('login')}>
            Sign in
          </Button>
        )}
      </AuthOutcome>
    );
  }
  return <LoadingScreen label={VERIFYING_LABEL} />;
}
