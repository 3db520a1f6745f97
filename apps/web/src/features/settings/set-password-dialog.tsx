import { ACCOUNT_SECURITY_TEXTS, AUTH_ERROR_TEXTS, PASSWORD_MIN_LENGTH } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { CurrentPasswordField, TextField } from '../../components/ui/text-field.tsx';
import { useFieldsAndAction } from '../../lib/use-form-action.ts';
import { refetchCurrentUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { newPasswordError, passwordTitle } from './password-texts.ts';
import { settingsApi } from './settings-api.ts';

export const PASSWORD_SAVED = 'Password saved';

/**
 * PUT /api/password in a modal; Escape, the backdrop and Cancel close it. An account with a
 * password confirms the current one; a Google-only account sets its first.
 */
export function SetPasswordDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();

  const { action, setAlert, frame, values, field } = useFieldsAndAction(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    ({ newPassword, currentPassword }) =>
      settingsApi.setPassword(newPassword, hasPassword ? currentPassword : undefined),
    AUTH_ERROR_TEXTS.setPasswordFailed,
    (response) => {
      success({ title: PASSWORD_SAVED, message: response.message });
      // hasPassword turns true for a Google-only account.
      void refetchCurrentUser(queryClient).catch(() => undefined);
      onClose();
    },
  );

  const onSubmit = () => {
    const error =
      hasPassword && values.currentPassword === ''
        ? ACCOUNT_SECURITY_TEXTS.currentPasswordRequired
        : newPasswordError(values);
    setAlert(error ?? null);
    if (!error) action.mutate(values);
  };

  const isFilled =
    (!hasPassword || values.currentPassword !== '') &&
    values.newPassword !== '' &&
    values.confirmPassword !== '';
  return (
    <FormDialog
      title={passwordTitle(hasPassword)}
      description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
      onClose={onClose}
      onSubmit={onSubmit}
      {...frame}
      submitLabel="Save password"
      pendingLabel="Saving..."
      canSubmit={isFilled}
    >
      {hasPassword && <CurrentPasswordField {...field('currentPassword')} />}
      <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </FormDialog>
  );
}
