import { createContext, useContext } from 'react';

export type AuthView = 'login' | 'signup' | 'forgot';

export interface AuthModalApi {
  /**
   * Opens a form; `next` is the same-site page to land on once signed in (the dashboard when left
   * out); `email` fills in the address (an invitation's).
   */
  openAuthModal: (view: AuthView, next?: string | null, email?: string) => void;
  closeAuthModal: () => void;
}

export const AuthModalContext = createContext<AuthModalApi | null>(null);

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return api;
}

/** Starts loading the modal's chunk early (on hover or focus of a button that opens it). */
export const preloadAuthModal = () => import('./auth-modal.tsx');
