import { AUTH_ERROR_TEXTS } from '@conduit/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../notifications/notification-context.ts';

export const AUTH_FAILED_ERROR = 'auth_failed';

/** Google sign-in failures come back as /?error=auth_failed: say so once and clean the URL. */
export function useAuthFailureNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { error } = useNotify();
  const hasFailed = searchParams.get('error') === AUTH_FAILED_ERROR;
  // StrictMode runs effects twice before the URL update lands; one notice is enough.
  const isShown = useRef(false);

  useEffect(() => {
    if (!hasFailed || isShown.current) return;
    isShown.current = true;
    error({ message: AUTH_ERROR_TEXTS.googleSignInFailed });
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasFailed, error, setSearchParams]);
}
