import { FREE_CREDITS_ON_VERIFY } from '@conduit/contracts';
import { accountCreated, accountVerified } from '../auth/account-events.ts';
import { teamCreated } from '../workspaces/workspace-events.ts';
import { grantFreeCredits, openCreditAccount } from './ledger.ts';

/**
 * A new account or team gets its credit account in the transaction that creates it; a verified
 * account its free credits, in the verification's.
 */
export function subscribeCreditsToAccounts(): void {
  teamCreated.subscribe('credits.open-account', async ({ tx, workspaceId }) => {
    await openCreditAccount(tx, workspaceId);
  });
  accountCreated.subscribe('credits.open-account', async ({ tx, userId }) => {
    await openCreditAccount(tx, userId);
  });
  accountVerified.subscribe('credits.free-credits', async ({ tx, userId, email, granted }) => {
    const grant = await grantFreeCredits(tx, userId, email);
    if (grant.isApplied) granted.credits += FREE_CREDITS_ON_VERIFY;
  });
}
