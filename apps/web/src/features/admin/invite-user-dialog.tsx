import { EMAIL_MAX_LENGTH, InviteUserBody, type Role } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { adminApi, refreshAdminData } from './admin-api.ts';
import { roleOptions } from './admin-labels.ts';
import { SelectField } from './form-controls.tsx';

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    setAlert(null);
    const parsed = InviteUserBody.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      const input = event.currentTarget.elements.namedItem('email');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    invite.mutate(parsed.data);
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={INVITE_TITLE}
      description="They get an email with a link to set their password and sign in."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
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
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
