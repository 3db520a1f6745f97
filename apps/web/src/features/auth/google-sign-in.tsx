import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { AUTH_PROVIDERS_QUERY_KEY, authApi, GOOGLE_SIGN_IN_PATH } from './auth-api.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
      <path d="M21.35 11.1H12v2.98h5.35c-.23 1.43-1.66 4.2-5.35 4.2-3.22 0-5.85-2.67-5.85-5.96S8.78 6.36 12 6.36c1.83 0 3.06.78 3.76 1.45l2.57-2.47C16.68 3.8 14.54 2.8 12 2.8 6.92 2.8 2.8 6.92 2.8 12s4.12 9.2 9.2 9.2c5.31 0 8.83-3.73 8.83-8.99 0-.6-.07-1.06-.15-1.51z" />
    </svg>
  );
}

/**
 * "Continue with Google", only when the server has Google configured. A real link: Google
 * sign-in is a full-page round trip through the server, which sets the session cookie.
 */
export function GoogleSignIn() {
  const { data } = useQuery({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: authApi.providers,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!data?.google) return null;
  return (
    <div className="mt-5">
      <div className="flex items-center gap-3 text-muted text-xs" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <a href={apiUrl(GOOGLE_SIGN_IN_PATH)} className={buttonClasses('secondary', 'md', 'mt-5 w-full')}>
        <GoogleMark />
        Continue with Google
      </a>
    </div>
  );
}
