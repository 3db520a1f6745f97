import { KeyRound, Mail, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { CHANGE_EMAIL_TITLE, ChangeEmailDialog } from './change-email-dialog.tsx';
import { DELETE_ACCOUNT_TITLE, DeleteAccountDialog } from './delete-account-dialog.tsx';
import { passwordTitle } from './password-texts.ts';
import { PendingEmailChange } from './pending-email-change.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SetPasswordDialog } from './set-password-dialog.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /app/settings: password, address, two-factor authentication, sessions and the danger zone. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useAppUser();
  const [openDialog, setOpenDialog] = useState<'password' | 'email' | 'delete' | null>(null);
  const closeDialog = () => setOpenDialog(null);
  const title = passwordTitle(user.hasPassword);

  return (
    <div className="max-w-3xl space-y-6">
      <PageTitle title="Settings" lead="Manage your password, sign-ins and your account." />
      <SectionCard title={title} icon={KeyRound}>
        <p className="mt-2 text-muted text-sm">
          {user.hasPassword
            ? 'Choose a new password for signing in with your email. Your other sessions will be signed out.'
            : 'You sign in with Google. Set a password to also sign in with your email address.'}
        </p>
        <Button className="mt-4" onClick={() => setOpenDialog('password')}>
          {title}
        </Button>
      </SectionCard>
      <SectionCard title="Email address" icon={Mail}>
        <p className="mt-2 break-words text-muted text-sm">
          You sign in as <span className="font-medium text-fg">{user.email}</span>. A new address takes effect
          once it confirms the link we mail to it.
        </p>
        <PendingEmailChange />
        <Button variant="secondary" className="mt-4" onClick={() => setOpenDialog('email')}>
          {CHANGE_EMAIL_TITLE}
        </Button>
      </SectionCard>
      <TwoFactorSection user={user} />
      <SessionsSection />
      <SectionCard title="Danger zone" icon={TriangleAlert} isDanger>
        <p className="mt-2 text-muted text-sm">
          Deleting your account removes your API keys and any remaining credits. This cannot be undone.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setOpenDialog('delete')}>
          {DELETE_ACCOUNT_TITLE}
        </Button>
      </SectionCard>
      {openDialog === 'password' && (
        <SetPasswordDialog hasPassword={user.hasPassword} onClose={closeDialog} />
      )}
      {openDialog === 'email' && <ChangeEmailDialog user={user} onClose={closeDialog} />}
      {openDialog === 'delete' && <DeleteAccountDialog user={user} onClose={closeDialog} />}
    </div>
  );
}
