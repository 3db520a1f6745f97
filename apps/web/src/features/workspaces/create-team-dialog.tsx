import { ROUTES, TEAM_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { focusField, useFormFields } from '../../lib/use-form-fields.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { TEAM_VALIDATORS, TeamFields, type TeamValues, teamBody } from './team-fields.tsx';
import { switchWorkspace, workspacesApi } from './workspaces-api.ts';

export const CREATE_TEAM_TITLE = 'Create a team';
const CREATE_FAILED = 'Could not create the team. Please try again.';

/** POST /api/teams, then work in the new team and open its page to invite members. */
export function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { success } = useNotify();
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field, validateAll } = useFormFields<TeamValues>(
    { name: '', billingEmail: '' },
    TEAM_VALIDATORS,
    () => setAlert(null),
  );

  const create = useMutation({
    mutationFn: async () => {
      const created = await workspacesApi.createTeam(teamBody(values));
      await switchWorkspace(queryClient, created.team.id);
      return created;
    },
    onSuccess: (created) => {
      success({ title: created.message, message: created.team.name });
      onClose();
      void navigate(ROUTES.appTeam);
    },
    onError: (error) => setAlert(serverTextOr(error, CREATE_FAILED)),
  });

  const onSubmit = (form: HTMLFormElement) => {
    const invalid = validateAll();
    if (invalid) {
      focusField(form, invalid);
      return;
    }
    create.mutate();
  };

  return (
    <FormDialog
      title={CREATE_TEAM_TITLE}
      description={`A team has its own balance, keys and usage, shared with the members you invite. ${TEAM_TEXTS.personalName} stays yours.`}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={alert}
      submitLabel="Create team"
      pendingLabel="Creating..."
      isPending={create.isPending}
    >
      <TeamFields field={field} />
    </FormDialog>
  );
}
