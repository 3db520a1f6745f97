import { roleAllows, type WorkspaceAction, type WorkspaceRole } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { workspacesQuery } from './workspaces-api.ts';

/**
 * The workspace in use and the member's role there. Until the list has loaded (or when it cannot
 * be), the role is unknown and nothing is hidden: the server still refuses what the role may not do.
 */
export function useWorkspace() {
  const query = useQuery(workspacesQuery);
  const current = query.data?.current;
  const role: WorkspaceRole | undefined = current?.role;
  return {
    query,
    current,
    workspaces: query.data?.workspaces ?? [],
    role,
    /** False only when the role is known and lacks the permission. */
    can: (action: WorkspaceAction) => role === undefined || roleAllows(role, action),
    /**
     * True once the role is known and has the permission (or the list cannot be read: the server
     * decides then). For what opens a connection or asks the server on its own (the event
     * stream, the call list), so a role without it never asks.
     */
    allows: (action: WorkspaceAction) => query.isError || (role !== undefined && roleAllows(role, action)),
  };
}
