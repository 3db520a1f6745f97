import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { emailFieldError } from '../auth/auth-validation.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { securityApi } from './security-api.ts';

export const CHANGE_EMAIL_TITLE = 'Change email';

/** Asks for the new address (and the password); nothing changes until the new address confirms. */
export function ChangeEmailDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => securityApi.changeEmail(newEmail, user.hasPassword ? password : undefined),
    onError: (error) => setAlert(serverTextOr(error, 'Failed to change your email. Please try again.')),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const invalid = emailFieldError(newEmail);
    setAlert(invalid ?? null);
    if (!invalid) change.mutate();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={CHANGE_EMAIL_TITLE}
      description={`Your account uses ${user.email}.`}
    >
      {change.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="text-fg">
            {change.data.message}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {alert && <FormAlert>{alert}</FormAlert>}
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          {user.hasPassword && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={newEmail === '' || (user.hasPassword && password === '') || change.isPending}
            >
              {change.isPending ? 'Sending...' : 'Send confirmation'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
