import { WORKSPACE_ROLE_LABELS, type WorkspaceSummary } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { CurrentItem } from '../../components/ui/current-item.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useDisclosure } from '../../lib/use-disclosure.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { CreateTeamDialog } from './create-team-dialog.tsx';
import { useWorkspace } from './use-workspace.ts';
import { switchWorkspace } from './workspaces-api.ts';

export const SWITCHER_LABEL = 'Switch workspace';
export const CREATE_TEAM_LABEL = 'Create team';
const SWITCH_FAILED = 'Could not switch the workspace. Please try again.';

function WorkspaceOption({
  workspace,
  isCurrent,
  onPick,
}: {
  workspace: WorkspaceSummary;
  isCurrent: boolean;
  onPick: () => void;
}) {
  return (
    <CurrentItem
      isCurrent={isCurrent}
      onPick={onPick}
      className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate text-fg">{workspace.name}</span>
        <span className="block text-muted text-xs">
          {workspace.kind === 'personal' ? 'Just you' : WORKSPACE_ROLE_LABELS[workspace.role]}
        </span>
      </span>
      {isCurrent && <Check aria-hidden="true" className="size-4 shrink-0 text-primary-text" />}
    </CurrentItem>
  );
}

/**
 * The sidebar's workspace switcher (docs/product.md, "Teams in the web app"): the workspace in use with the
 * member's role, the others to switch to (the page stays, its data reloads), and "Create team".
 */
export function WorkspaceSwitcher() {
  const queryClient = useQueryClient();
  const { success, error } = useNotify();
  const { current, workspaces } = useWorkspace();
  const { isOpen, setIsOpen, controlsId: listId, toggleProps } = useDisclosure();
  const [isCreating, setIsCreating] = useState(false);

  const select = useMutation({
    mutationFn: (workspace: WorkspaceSummary) => switchWorkspace(queryClient, workspace.id),
    onSuccess: (answer, workspace) => success({ title: answer.message, message: workspace.name }),
    onError: (failure) => error({ message: serverTextOr(failure, SWITCH_FAILED) }),
  });

  const pick = (workspace: WorkspaceSummary) => {
    setIsOpen(false);
    if (workspace.id !== current?.id) select.mutate(workspace);
  };

  return (
    <div className="px-3 pb-2">
      <button
        type="button"
        {...toggleProps}
        className="flex w-full items-center gap-2 rounded-lg border border-border bg-bg px-3 py-2 text-left hover:bg-surface-2"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-muted text-xs">{SWITCHER_LABEL}</span>
          <span data-testid="current-workspace" className="block truncate font-medium text-fg text-sm">
            {current?.name}
          </span>
          {current?.kind === 'team' && (
            <span className="block text-muted text-xs">{WORKSPACE_ROLE_LABELS[current.role]}</span>
          )}
        </span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </button>
      {isOpen && (
        <div id={listId} className="mt-1 rounded-lg border border-border bg-surface p-1 shadow-card">
          <ul aria-label="Workspaces" className="space-y-0.5">
            {workspaces.map((workspace) => (
              <WorkspaceOption
                key={workspace.id}
                workspace={workspace}
                isCurrent={workspace.id === current?.id}
                onPick={() => pick(workspace)}
              />
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              setIsOpen(false);
              setIsCreating(true);
            }}
            className="mt-1 flex w-full items-center gap-2 rounded-md border-border border-t px-2 py-2 text-left font-medium text-primary-text text-sm hover:bg-surface-2"
          >
            <Plus aria-hidden="true" className="size-4" />
            {CREATE_TEAM_LABEL}
          </button>
        </div>
      )}
      {isCreating && <CreateTeamDialog onClose={() => setIsCreating(false)} />}
    </div>
  );
}
