import { AUTH_ERROR_TEXTS, ROUTES, VERIFY_REDIRECT_MS, VERIFY_REFRESH_MS } from '@conduit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { authApi } from './auth-api.ts';
import { refetchCurrentUser } from './session-user.ts';

export const VERIFYING_LABEL = 'Verifying your email...';

function Outcome({ isSuccess, title, children }: { isSuccess: boolean; title: string; children: ReactNode }) {
  const Icon = isSuccess ? CircleCheck : CircleAlert;
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
      <Icon aria-hidden="true" className={`size-12 ${isSuccess ? 'text-success' : 'text-danger'}`} />
      <h1 className="font-semibold text-2xl text-fg tracking-tight">{title}</h1>
      {children}
    </section>
  );
}

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
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => authApi.verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const isVerified = verification.isSuccess;

  // A fresh verification signs this browser in: pick the user up, then open the dashboard.
  useEffect(() => {
    if (!isVerified) return;
    let refresh: Promise<unknown> = Promise.resolve();
    const refreshTimer = setTimeout(() => {
      refresh = refetchCurrentUser(queryClient).catch(() => null);
    }, VERIFY_REFRESH_MS);
    const redirectTimer = setTimeout(async () => {
      await refresh;
      void navigate(ROUTES.app, { replace: true });
    }, VERIFY_REDIRECT_MS);
    return () => {
      clearTimeout(refreshTimer);
      clearTimeout(redirectTimer);
    };
  }, [isVerified, queryClient, navigate]);

  if (!token) {
    return (
      <Outcome isSuccess={false} title="Verification failed">
        <p className="text-fg">{AUTH_ERROR_TEXTS.noToken}</p>
        <ButtonLink to={ROUTES.home} variant="secondary" className="mt-3">
          Back to home
        </ButtonLink>
      </Outcome>
    );
  }
  // One line whatever went wrong: the server's "invalid or expired link" would only repeat it.
  if (verification.isError) {
    return (
      <Outcome isSuccess={false} title="Verification failed">
        <p className="text-fg">{AUTH_ERROR_TEXTS.verifyFailed}</p>
        <ButtonLink to={ROUTES.home} variant="secondary" className="mt-3">
          Back to home
        </ButtonLink>
      </Outcome>
    );
  }
  if (verification.data) {
    return (
      <Outcome isSuccess title="Email verified">
        <p className="text-fg">{verification.data.message}</p>
        <p role="status" className="text-muted text-sm">
          Taking you to your dashboard...
        </p>
      </Outcome>
    );
  }
  return <LoadingScreen label={VERIFYING_LABEL} />;
}
