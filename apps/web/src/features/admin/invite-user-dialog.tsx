import { EMAIL_MAX_LENGTH, InviteUserBody, type Role } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../components/ui/form-controls.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { focusField } from '../../lib/use-form-fields.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [emailError, setEmailError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);

  const invite = useMutation({
    mutationFn: (body: InviteUserBody) => adminApi.invite(body),
    onSuccess: ({ user, emailSent }) => {
      if (emailSent) success({ title: 'Invitation sent', message: user.email });
      else warning({ title: 'Account created, invitation not sent', message: INVITE_NOT_SENT(user.email) });
      void refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => setAlert(serverTextOr(error, INVITE_FAILED)),
  });

  const onSubmit = (form: HTMLFormElement) => {
    setAlert(null);
    const parsed = InviteUserBody.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      focusField(form, 'email');
      return;
    }
    invite.mutate(parsed.data);
  };

  return (
    <FormDialog
      title={INVITE_TITLE}
      description="They get an email with a link to set their password and sign in."
      onClose={onClose}
      onSubmit={onSubmit}
      alert={alert}
      submitLabel="Send invitation"
      pendingLabel="Sending..."
      isPending={invite.isPending}
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        placeholder="name@company.com"
        value={email}
        error={emailError}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(undefined);
        }}
      />
      <SelectField
        label="Role"
        name="role"
        options={roleOptions}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      />
    </FormDialog>
  );
}
