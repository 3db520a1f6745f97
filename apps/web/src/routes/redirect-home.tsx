import { ROUTES } from '@conduit/contracts';
import { Navigate } from 'react-router';

export function RedirectHome() {
  return <Navigate to={ROUTES.home} replace />;
}
