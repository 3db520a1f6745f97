import { AUTH_ERROR_TEXTS, AUTH_SERVER_MESSAGES, normalizeEmail, ROUTES } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { endSession, type SessionUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { settingsApi } from './settings-api.ts';

export const DELETE_ACCOUNT_TITLE = 'Delete account';

/**
 * Confirms deletion with the password, or, for an account without one (Google only), by typing its
 * email address. Success ends the session and returns to the landing page
 * (docs/product.md, "States and transitions").
 */
export function DeleteAccountDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { success } = useNotify();
  const [value, setValue] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const isByPassword = user.hasPassword;

  const remove = useMutation({
    mutationFn: () =>
      settingsApi.deleteAccount(isByPassword ? { password: value } : { confirmEmail: value.trim() }),
    onSuccess: (response) => {
      endSession(queryClient);
      success({ message: response.message });
      void navigate(ROUTES.home, { replace: true });
    },
    onError: (error) => setAlert(serverTextOr(error, AUTH_ERROR_TEXTS.deleteFailed)),
  });

  const checkInput = (): string | undefined => {
    if (isByPassword) return value === '' ? AUTH_ERROR_TEXTS.deletePasswordRequired : undefined;
    return normalizeEmail(value) === normalizeEmail(user.email)
      ? undefined
      : AUTH_SERVER_MESSAGES.deleteConfirmEmailMismatch;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    const error = checkInput();
    setAlert(error ?? null);
    if (!error) remove.mutate();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={DELETE_ACCOUNT_TITLE}
      description="This permanently deletes your account, its API keys and its remaining credits. It cannot be undone."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        {isByPassword ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            help={`Type ${user.email} to confirm.`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : DELETE_ACCOUNT_TITLE}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
