import type { Team } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { focusField, useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { TEAM_VALIDATORS, TeamFields, type TeamValues, teamBody } from '../workspaces/team-fields.tsx';
import { refreshTeam, workspacesApi } from '../workspaces/workspaces-api.ts';

const SAVE_FAILED = 'Could not save the team. Please try again.';

/** The team's name and billing email (owners and admins). */
export function TeamSettingsForm({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field, validateAll } = useFormFields<TeamValues>(
    { name: team.name, billingEmail: team.billingEmail ?? '' },
    TEAM_VALIDATORS,
    () => setAlert(null),
  );
  const save = useMutation({
    mutationFn: () => workspacesApi.updateTeam(team.id, teamBody(values)),
    onSuccess: (answer) => {
      success({ title: answer.message, message: answer.team.name });
      void refreshTeam(queryClient);
    },
    onError: (error) => setAlert(serverTextOr(error, SAVE_FAILED)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const invalid = validateAll();
    if (invalid) {
      focusField(event.currentTarget, invalid);
      return;
    }
    save.mutate();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Team settings" className="max-w-md space-y-4">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TeamFields field={field} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}
