import { EMAIL_MAX_LENGTH, InviteUserBody, type Role } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
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
  const { field, frame } = useSubmittedForm({
    initial: { email: '', role: 'user' as Role },
    validators: {
      email: ({ email }) => InviteUserBody.shape.email.safeParse(email).error?.issues[0]?.message,
    },
    toBody: (values) => InviteUserBody.parse(values),
    send: (body: InviteUserBody) => adminApi.invite(body),
    failedText: INVITE_FAILED,
    onDone: ({ user, emailSent }) => {
      if (emailSent) success({ title: 'Invitation sent', message: user.email });
      else warning({ title: 'Account created, invitation not sent', message: INVITE_NOT_SENT(user.email) });
      void refreshAdminData(queryClient);
      onClose();
    },
  });

  return (
    <FormDialog
      title={INVITE_TITLE}
      description="They get an email with a link to set their password and sign in."
      onClose={onClose}
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
