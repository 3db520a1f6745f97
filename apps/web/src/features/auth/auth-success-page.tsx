import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Google sign-in completion (spec section 2); the redirect logic arrives with the auth issue. */
export function AuthSuccessPage() {
  useDocumentTitle('Signing in');
  return <LoadingScreen label="Completing sign in..." />;
}
