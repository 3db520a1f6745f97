import { accountDeleted } from '../auth/account-events.ts';
import { teamDeleted } from '../workspaces/workspace-events.ts';
import { expireWorkspaceResults } from './retention.ts';

/**
 * A deleted account's (its personal workspace has its id) or team's result files stop being
 * served now; the hourly expiry run deletes them.
 */
export function subscribeFilesToDeletions(): void {
  accountDeleted.subscribe('files.expire-results', ({ tx, userId, now }) =>
    expireWorkspaceResults(tx, userId, now),
  );
  teamDeleted.subscribe('files.expire-results', ({ tx, workspaceId, now }) =>
    expireWorkspaceResults(tx, workspaceId, now),
  );
}
