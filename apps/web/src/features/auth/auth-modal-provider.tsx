import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { AuthModalContext, type AuthView, preloadAuthModal } from './auth-modal-context.ts';

const AuthModal = lazy(() => preloadAuthModal().then((module) => ({ default: module.AuthModal })));

/** Owns which auth view is open; the modal's code is fetched only when first needed. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthView | null>(null);
  const api = useMemo(() => ({ openAuthModal: setView, closeAuthModal: () => setView(null) }), []);

  return (
    <AuthModalContext value={api}>
      {children}
      {view && (
        <Suspense fallback={null}>
          <AuthModal view={view} onViewChange={setView} onClose={api.closeAuthModal} />
        </Suspense>
      )}
    </AuthModalContext>
  );
}
