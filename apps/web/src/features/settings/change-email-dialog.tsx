import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { CurrentPasswordField, TextField } from '../../components/ui/text-field.tsx';
import { useFieldsAndAction } from '../../lib/use-form-action.ts';
import { emailFieldError } from '../auth/auth-validation.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { PENDING_EMAIL_QUERY_KEY, securityApi } from './security-api.ts';

export const CHANGE_EMAIL_TITLE = 'Change email';
const CHANGE_EMAIL_FAILED = 'Failed to change your email. Please try again.';

/** Asks for the new address (and the password); nothing changes until the new address confirms. */
export function ChangeEmailDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { success } = useNotify();
  const queryClient = useQueryClient();
  const { action, setAlert, frame, values, field } = useFieldsAndAction(
    { newEmail: '', password: '' },
    ({ newEmail, password }) => securityApi.changeEmail(newEmail, user.hasPassword ? password : undefined),
    CHANGE_EMAIL_FAILED,
    (response) => {
      success({ title: 'Check your new address', message: response.message });
      void queryClient.invalidateQueries({ queryKey: PENDING_EMAIL_QUERY_KEY });
      onClose();
    },
  );
  const onSubmit = () => {
    const invalid = emailFieldError(values.newEmail);
    setAlert(invalid ?? null);
    if (!invalid) action.mutate(values);
  };

  return (
    <FormDialog
      title={CHANGE_EMAIL_TITLE}
      description={`Your account uses ${user.email}.`}
      onClose={onClose}
      onSubmit={onSubmit}
      {...frame}
      submitLabel="Send confirmation"
      pendingLabel="Sending..."
      canSubmit={values.newEmail !== '' && (!user.hasPassword || values.password !== '')}
    >
      <TextField label="New email" type="email" autoComplete="email" {...field('newEmail')} />
      {user.hasPassword && <CurrentPasswordField {...field('password')} />}
    </FormDialog>
  );
}
