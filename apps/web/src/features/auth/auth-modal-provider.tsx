import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthModalContext, type AuthView, preloadAuthModal } from './auth-modal-context.ts';
import { AUTH_PARAM, EMAIL_PARAM, NEXT_PARAM, rememberNextPath, safeNextPath } from './next-path.ts';

const AuthModal = lazy(() => preloadAuthModal().then((module) => ({ default: module.AuthModal })));

const isLinkedView = (value: string | null): value is 'login' | 'signup' =>
  value === 'login' || value === 'signup';

/**
 * `?auth=login&next=/invite/...` (a "Sign in" link that should come back): opens the form once,
 * then drops both parameters from the address.
 */
function useAuthLink(open: (view: AuthView, next?: string | null, email?: string) => void) {
  const [params, setParams] = useSearchParams();
  const view = params.get(AUTH_PARAM);
  const next = params.get(NEXT_PARAM);
  const email = params.get(EMAIL_PARAM) ?? undefined;
  useEffect(() => {
    if (!isLinkedView(view)) return;
    open(view, safeNextPath(next), email);
    setParams(
      (previous) => {
        const rest = new URLSearchParams(previous);
        rest.delete(AUTH_PARAM);
        rest.delete(NEXT_PARAM);
        rest.delete(EMAIL_PARAM);
        return rest;
      },
      { replace: true },
    );
  }, [view, next, email, open, setParams]);
}

/**
 * Owns which auth view is open; the modal's code is fetched only when first needed. The page to
 * come back to is remembered in this browser (next-path.ts), so a sign-in, a Google round trip or
 * a verification link opened later all land there.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthView | null>(null);
  const [email, setEmail] = useState<string | undefined>(undefined);
  const api = useMemo(
    () => ({
      openAuthModal: (next: AuthView, nextPath?: string | null, address?: string) => {
        rememberNextPath(safeNextPath(nextPath));
        setEmail(address);
        setView(next);
      },
      closeAuthModal: () => setView(null),
    }),
    [],
  );
  useAuthLink(api.openAuthModal);

  return (
    <AuthModalContext value={api}>
      {children}
      {view && (
        <Suspense fallback={null}>
          <AuthModal view={view} email={email} onViewChange={setView} onClose={api.closeAuthModal} />
        </Suspense>
      )}
    </AuthModalContext>
  );
}
