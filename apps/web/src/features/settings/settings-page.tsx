import { KeyRound, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { DELETE_ACCOUNT_TITLE, DeleteAccountDialog } from './delete-account-dialog.tsx';
import { passwordTitle } from './password-texts.ts';
import { SetPasswordDialog } from './set-password-dialog.tsx';

function SettingsSection({
  title,
  isDanger = false,
  children,
}: {
  title: string;
  isDanger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const Icon = isDanger ? TriangleAlert : KeyRound;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-surface p-6 shadow-card ${isDanger ? 'border-danger' : 'border-border'}`}
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg text-lg">
        <Icon aria-hidden="true" className={`size-5 ${isDanger ? 'text-danger' : 'text-primary-text'}`} />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /app/settings: the password and the danger zone (docs/product.md, "Signed-in area"). */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useAppUser();
  const [openDialog, setOpenDialog] = useState<'password' | 'delete' | null>(null);
  const closeDialog = () => setOpenDialog(null);
  const title = passwordTitle(user.hasPassword);

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="font-semibold text-2xl text-fg tracking-tight">Settings</h1>
        <p className="mt-1 text-muted">Manage your password and your account.</p>
      </div>
      <SettingsSection title={title}>
        <p className="mt-2 text-muted text-sm">
          {user.hasPassword
            ? 'Choose a new password for signing in with your email. Your other sessions will be signed out.'
            : 'You sign in with Google. Set a password to also sign in with your email address.'}
        </p>
        <Button className="mt-4" onClick={() => setOpenDialog('password')}>
          {title}
        </Button>
      </SettingsSection>
      <SettingsSection title="Danger zone" isDanger>
        <p className="mt-2 text-muted text-sm">
          Deleting your account removes your API keys and any remaining credits. This cannot be undone.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setOpenDialog('delete')}>
          {DELETE_ACCOUNT_TITLE}
        </Button>
      </SettingsSection>
      {openDialog === 'password' && (
        <SetPasswordDialog hasPassword={user.hasPassword} onClose={closeDialog} />
      )}
      {openDialog === 'delete' && <DeleteAccountDialog user={user} onClose={closeDialog} />}
    </div>
  );
}
