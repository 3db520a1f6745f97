import { accountDeleted, accountDeletionCommitted } from '../auth/account-events.ts';
import { teamDeleted } from '../workspaces/workspace-events.ts';
import { expireWorkspaceResults, queueResultExpiry } from './retention.ts';

/**
 * A deleted account's (its personal workspace has its id) or team's result files stop being
 * served now; the hourly expiry run deletes them.
 */
export function subscribeFilesToDeletions(): void {
  accountDeleted.subscribe('files.expire-results', ({ tx, userId, now }) =>
    expireWorkspaceResults(tx, userId, now),
  );
  // Once the deletion has committed, a worker deletes the files now rather than within the hour.
  accountDeletionCommitted.subscribe('files.queue-expiry', async ({ services }) => {
    await queueResultExpiry(services).catch((error) =>
      services.log.error(
        { err: error },
        'could not queue the deletion of the account results; the hourly run will',
      ),
    );
  });
  teamDeleted.subscribe('files.expire-results', ({ tx, workspaceId, now }) =>
    expireWorkspaceResults(tx, workspaceId, now),
  );
}
