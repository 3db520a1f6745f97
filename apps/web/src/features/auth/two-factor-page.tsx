import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthOutcome } from './auth-outcome.tsx';
import { takeNextPath } from './next-path.ts';
import { TwoFactorForm } from './two-factor-form.tsx';
import { useAnnounceSignIn } from './use-announce-sign-in.ts';

/** /auth/two-factor: the second step after Google or a password reset sent the browser here. */
export function TwoFactorPage() {
  useDocumentTitle('Two-factor authentication');
  const navigate = useNavigate();
  const announceSignIn = useAnnounceSignIn();
  return (
    <AuthOutcome tone="ask" title="Two-factor authentication">
      <div className="mt-2 w-full text-left">
        <TwoFactorForm
          onSignedIn={(user) => {
            announceSignIn(user);
            void navigate(takeNextPath(), { replace: true });
          }}
        />
      </div>
    </AuthOutcome>
  );
}
