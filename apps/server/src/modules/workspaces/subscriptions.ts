import { accountDeleted } from '../auth/account-events.ts';
import { leaveAllTeams } from './members.ts';

/** A deleted account leaves its teams (refused while it is the only owner of one). */
export function subscribeWorkspacesToAuth(): void {
  accountDeleted.subscribe('workspaces.leave-teams', ({ tx, userId }) => leaveAllTeams(tx, userId));
}
