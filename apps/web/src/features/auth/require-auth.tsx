import { MESSAGES, ROUTES } from '@conduit/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { type SessionUser, useCurrentUser } from './session-user.ts';

interface RequireAuthProps {
  children: (user: SessionUser) => ReactNode;
  /** Shown while the session resolves; 'Loading...' by default (docs/product.md, "Signed-in area"). */
  fallback?: ReactNode;
}

/** Renders its children for a signed-in user; anyone else (401 or any failure) goes to the landing page. */
export function RequireAuth({ children, fallback }: RequireAuthProps) {
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending) return fallback ?? <LoadingScreen label={MESSAGES.loading} />;
  if (isError || !user) return <Navigate to={ROUTES.home} replace />;
  return children(user);
}
