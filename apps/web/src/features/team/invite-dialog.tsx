import {
  type InviteMemberResponse,
  isEmail,
  TEAM_TEXTS,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLE_SUMMARIES,
  type WorkspaceRole,
} from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { refreshTeam, workspacesApi } from '../workspaces/workspaces-api.ts';
import { assignableRoles } from './members-table.tsx';

export const INVITE_TITLE = 'Invite a member';
const INVITE_FAILED = 'Could not send the invitation. Please try again.';

/** The roles as radio buttons, each with what it may do. */
function RolePicker({
  roles,
  value,
  onChange,
}: {
  roles: readonly WorkspaceRole[];
  value: WorkspaceRole;
  onChange: (role: WorkspaceRole) => void;
}) {
  return (
    <fieldset>
      <legend className="font-medium text-fg text-sm">Role</legend>
      <div className="mt-1.5 space-y-2">
        {roles.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary-text"
          >
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="block font-medium text-fg text-sm">{WORKSPACE_ROLE_LABELS[role]}</span>
              <span className="block text-muted text-xs">{WORKSPACE_ROLE_SUMMARIES[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** After inviting: the link to pass on by hand (the only time it is shown), and whether the mail went out. */
export function InviteSent({ sent, onClose }: { sent: InviteMemberResponse; onClose: () => void }) {
  return (
    <Dialog isOpen onClose={onClose} title={sent.message} description={sent.invitation.email}>
      <div className="space-y-3">
        <p className="text-fg text-sm">
          {sent.emailSent
            ? `We mailed the link. It works once, for ${WORKSPACE_ROLE_LABELS[sent.invitation.role]}, until it expires.`
            : TEAM_TEXTS.inviteMailFailed}
        </p>
        <CopyButton value={sent.link} size="sm" />
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}

/** POST /api/teams/{id}/invitations: an address and a role; owners only by owners. */
export function InviteDialog({
  teamId,
  actorRole,
  onClose,
}: {
  teamId: string;
  actorRole: WorkspaceRole;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { values, field, setValue, action, frame } = useSubmittedForm({
    initial: { email: '', role: 'developer' as WorkspaceRole },
    validators: { email: ({ email }) => (isEmail(email.trim()) ? undefined : TEAM_TEXTS.emailInvalid) },
    toBody: ({ email, role }) => ({ email: email.trim(), role }),
    send: (body) => workspacesApi.invite(teamId, body),
    failedText: INVITE_FAILED,
    onDone: (sent) => {
      success({ title: sent.message, message: sent.invitation.email });
      void refreshTeam(queryClient);
    },
    clearAlertOnEdit: true,
  });

  if (action.data) return <InviteSent sent={action.data} onClose={onClose} />;

  return (
    <FormDialog
      title={INVITE_TITLE}
      description="They get a link by email that works once. Accepting it needs an account with this address."
      onClose={onClose}
      submitLabel="Send invitation"
      pendingLabel="Sending..."
      {...frame}
    >
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <RolePicker
        roles={assignableRoles(actorRole)}
        value={values.role}
        onChange={(role) => setValue('role', role)}
      />
    </FormDialog>
  );
}
