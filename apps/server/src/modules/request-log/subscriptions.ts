import { accountDeleted } from '../auth/account-events.ts';
import { teamDeleted } from '../workspaces/workspace-events.ts';
import { deleteWorkspaceRequestLog } from './purge-request-log.ts';

/** A deleted account's (its personal workspace has its id) or team's request log goes with it. */
export function subscribeRequestLogToDeletions(): void {
  accountDeleted.subscribe('request-log.delete', ({ tx, userId }) => deleteWorkspaceRequestLog(tx, userId));
  teamDeleted.subscribe('request-log.delete', ({ tx, workspaceId }) =>
    deleteWorkspaceRequestLog(tx, workspaceId),
  );
}
