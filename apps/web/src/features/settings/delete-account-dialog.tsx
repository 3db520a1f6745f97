import { AUTH_ERROR_TEXTS, AUTH_SERVER_MESSAGES, normalizeEmail, ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { CurrentPasswordField, TextField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
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
  const isByPassword = user.hasPassword;
  const {
    values: { confirmation: value },
    field,
  } = useFormFields({ confirmation: '' }, {});
  const {
    action: remove,
    setAlert,
    frame,
  } = useFormAction(
    () => settingsApi.deleteAccount(isByPassword ? { password: value } : { confirmEmail: value.trim() }),
    AUTH_ERROR_TEXTS.deleteFailed,
    (response) => {
      endSession(queryClient);
      success({ message: response.message });
      void navigate(ROUTES.home, { replace: true });
    },
  );

  const checkInput = (): string | undefined => {
    if (isByPassword) return value === '' ? AUTH_ERROR_TEXTS.deletePasswordRequired : undefined;
    return normalizeEmail(value) === normalizeEmail(user.email)
      ? undefined
      : AUTH_SERVER_MESSAGES.deleteConfirmEmailMismatch;
  };

  const onSubmit = () => {
    const error = checkInput();
    setAlert(error ?? null);
    if (!error) remove.mutate();
  };

  return (
    <FormDialog
      title={DELETE_ACCOUNT_TITLE}
      description="This permanently deletes your account, its API keys and its remaining credits. It cannot be undone."
      onClose={onClose}
      onSubmit={onSubmit}
      {...frame}
      submitLabel={DELETE_ACCOUNT_TITLE}
      pendingLabel="Deleting..."
      variant="danger"
    >
      {isByPassword ? (
        <CurrentPasswordField label="Password" {...field('confirmation')} />
      ) : (
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          help={`Type ${user.email} to confirm.`}
          {...field('confirmation')}
        />
      )}
    </FormDialog>
  );
}
