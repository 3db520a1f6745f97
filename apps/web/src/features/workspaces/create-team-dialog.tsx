import { ROUTES, TEAM_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { TEAM_VALIDATORS, TeamFields, teamBody } from './team-fields.tsx';
import { switchWorkspace, workspacesApi } from './workspaces-api.ts';

export const CREATE_TEAM_TITLE = 'Create a team';
const CREATE_FAILED = 'Could not create the team. Please try again.';

/** POST /api/teams, then work in the new team and open its page to invite members. */
export function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { success } = useNotify();
  const { field, frame } = useSubmittedForm({
    initial: { name: '', billingEmail: '' },
    validators: TEAM_VALIDATORS,
    toBody: teamBody,
    send: async (body) => {
      const created = await workspacesApi.createTeam(body);
      await switchWorkspace(queryClient, created.team.id);
      return created;
    },
    failedText: CREATE_FAILED,
    onDone: (created) => {
      success({ title: created.message, message: created.team.name });
      onClose();
      void navigate(ROUTES.appTeam);
    },
    clearAlertOnEdit: true,
  });

  return (
    <FormDialog
      title={CREATE_TEAM_TITLE}
      description={`A team has its own balance, keys and usage, shared with the members you invite. ${TEAM_TEXTS.personalName} stays yours.`}
      onClose={onClose}
      submitLabel="Create team"
      pendingLabel="Creating..."
      {...frame}
    >
      <TeamFields field={field} />
    </FormDialog>
  );
}
