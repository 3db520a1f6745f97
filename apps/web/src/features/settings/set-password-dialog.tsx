import { ACCOUNT_SECURITY_TEXTS, AUTH_ERROR_TEXTS, PASSWORD_MIN_LENGTH } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { refetchCurrentUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { newPasswordError, passwordTitle } from './password-texts.ts';
import { settingsApi } from './settings-api.ts';

export const PASSWORD_SAVED = 'Password saved';

/** PUT /api/password in a modal; Escape, the backdrop and Cancel close it. */
export function SetPasswordDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => settingsApi.setPassword(newPassword, hasPassword ? currentPassword : undefined),
    onSuccess: (response) => {
      success({ title: PASSWORD_SAVED, message: response.message });
      // hasPassword turns true for a Google-only account.
      void refetchCurrentUser(queryClient).catch(() => undefined);
      onClose();
    },
    onError: (error) => setAlert(serverTextOr(error, AUTH_ERROR_TEXTS.setPasswordFailed)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const error =
      hasPassword && currentPassword === ''
        ? ACCOUNT_SECURITY_TEXTS.currentPasswordRequired
        : newPasswordError({ newPassword, confirmPassword });
    setAlert(error ?? null);
    if (!error) save.mutate();
  };

  const title = passwordTitle(hasPassword);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        {hasPassword && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={
              (hasPassword && currentPassword === '') ||
              newPassword === '' ||
              confirmPassword === '' ||
              save.isPending
            }
          >
            {save.isPending ? 'Saving...' : 'Save password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
