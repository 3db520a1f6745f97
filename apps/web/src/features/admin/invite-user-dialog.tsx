import { EMAIL_MAX_LENGTH, InviteUserBody, type Role } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { adminApi, refreshAdminData } from './admin-api.ts';
import { roleOptions } from './admin-labels.ts';

export const INVITE_TITLE = 'Add user';
export const INVITE_FAILED = 'Failed to invite the user';
export const INVITE_NOT_SENT = (email: string) =>
  `The mail to ${email} could not be sent. Add the user again to resend it.`;

/** Add User: POST /api/admin/users sends an invitation mail with a link to set a password. */
export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success, warning } = useNotify();
  const { values, field, validateAll } = useFormFields(
    { email: '', role: 'user' as Role },
    { email: ({ email }) => InviteUserBody.shape.email.safeParse(email).error?.issues[0]?.message },
  );
  const { action, setAlert, frame } = useFormAction(
    (body: InviteUserBody) => adminApi.invite(body),
    INVITE_FAILED,
    ({ user, emailSent }) => {
      if (emailSent) success({ title: 'Invitation sent', message: user.email });
      else warning({ title: 'Account created, invitation not sent', message: INVITE_NOT_SENT(user.email) });
      void refreshAdminData(queryClient);
      onClose();
    },
  );

  const onSubmit = (form: HTMLFormElement) => {
    setAlert(null);
    if (validateAll(form)) return;
    action.mutate(InviteUserBody.parse(values));
  };

  return (
    <FormDialog
      title={INVITE_TITLE}
      description="They get an email with a link to set their password and sign in."
      onClose={onClose}
      onSubmit={onSubmit}
      {...frame}
      submitLabel="Send invitation"
      pendingLabel="Sending..."
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        placeholder="name@company.com"
        {...field('email')}
      />
      <SelectField label="Role" options={roleOptions} {...field('role')} />
    </FormDialog>
  );
}
