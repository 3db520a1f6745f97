import type { Tx } from '../../platform/database.ts';
import { defineDomainEvent } from '../../platform/domain-events.ts';

/** A team was created, in its transaction: credits opens its credit account there. */
export const teamCreated = defineDomainEvent<{ tx: Tx; workspaceId: string }>('workspace.team_created');

/**
 * A team is being deleted, in its transaction: its keys stop, its result files expire, auto
 * top-up goes off and its request log goes, all committing with the deletion.
 */
export const teamDeleted = defineDomainEvent<{ tx: Tx; workspaceId: string; now: Date }>(
  'workspace.team_deleted',
);
