import { AUTH_ERROR_TEXTS, GOOGLE_COMPLETION_REDIRECT_MS, ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { takeNextPath } from './next-path.ts';
import { refetchCurrentUser } from './session-user.ts';
import { isNewAccount, useAnnounceSignIn } from './use-announce-sign-in.ts';

export const AUTH_FAILED_PATH = `${ROUTES.home}?error=auth_failed`;

/**
 * Google sign-in completion (docs/product.md, "Public pages"): fetch the user again, then /app (or the
 * remembered page: next-path.ts) or
 * back with an error.
 */
export function AuthSuccessPage() {
  useDocumentTitle('Signing in');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const announceSignIn = useAnnounceSignIn();

  useEffect(() => {
    let isCancelled = false;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    refetchCurrentUser(queryClient)
      .catch(() => null)
      .then((user) => {
        if (isCancelled) return;
        if (!user) {
          void navigate(AUTH_FAILED_PATH, { replace: true });
          return;
        }
        announceSignIn(user, isNewAccount(user));
        redirect = setTimeout(
          () => void navigate(takeNextPath(), { replace: true }),
          GOOGLE_COMPLETION_REDIRECT_MS,
        );
      });
    return () => {
      isCancelled = true;
      clearTimeout(redirect);
    };
  }, [queryClient, navigate, announceSignIn]);

  return <LoadingScreen label={AUTH_ERROR_TEXTS.completingSignIn} />;
}
