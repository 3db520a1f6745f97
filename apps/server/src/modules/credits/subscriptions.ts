import { teamCreated } from '../workspaces/workspace-events.ts';
import { openCreditAccount } from './ledger.ts';

/** A new team gets its credit account in the transaction that creates it. */
export function subscribeCreditsToWorkspaces(): void {
  teamCreated.subscribe('credits.open-account', async ({ tx, workspaceId }) => {
    await openCreditAccount(tx, workspaceId);
  });
}
