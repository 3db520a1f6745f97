import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Email verification (spec section 2); the verifying/success/error states arrive with the auth issue. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify email');
  return <LoadingScreen label="Verifying your email..." />;
}
