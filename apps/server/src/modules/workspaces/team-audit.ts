import type { TeamAuditAction, TeamAuditResponse } from '@conduit/contracts';
import type pg from 'pg';
import type { DbOrTx } from '../../platform/database.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type PageQuery } from '../../platform/keyset-cursor.ts';
import { workspaceAuditLog } from './schema.ts';

export interface TeamAuditInput {
  workspace: { id: string; kind: 'personal' | 'team' };
  /** Null when nobody acted (a purchase confirmed by the payment provider). */
  actorId: string | null;
  action: TeamAuditAction;
  details: Record<string, unknown>;
  /** When it happened; the database's clock when left out. */
  at?: Date;
}

/**
 * Appends one row to a team's audit log, in the caller's transaction so a change and its record
 * commit together. A personal workspace keeps no log: its only member is its owner.
 */
export async function recordTeamEvent(tx: DbOrTx, input: TeamAuditInput): Promise<void> {
  if (input.workspace.kind !== 'team') return;
  await tx.insert(workspaceAuditLog).values({
    id: newId('wal'),
    workspaceId: input.workspace.id,
    actorId: input.actorId,
    action: input.action,
    details: input.details,
    at: input.at,
  });
}

interface AuditRow {
  id: string;
  at: Date;
  at_key: string;
  actor: string | null;
  action: TeamAuditAction;
  details: Record<string, unknown>;
}

/** A team's log, newest first, paged by (at, id); member ids in details are shown as emails too. */
export async function listTeamEvents(
  pool: pg.Pool,
  teamId: string,
  query: PageQuery,
): Promise<TeamAuditResponse> {
  const { page, nextCursor } = await keysetPage<AuditRow>(
    pool,
    query,
    { params: [teamId], time: 'a.at', id: 'a.id', timeKey: (row) => row.at_key },
    (
      after,
      limit,
    ) => `select a.id, a.at, (a.at at time zone 'UTC')::text as at_key, actor.email as actor, a.action,
            case when subject.email is null then a.details
                 else a.details || jsonb_build_object('email', subject.email) end as details
       from workspace_audit_log a
       left join users actor on actor.id = a.actor_id
       left join users subject on subject.id = a.details->>'userId'
      where a.workspace_id = $1 ${after ? `and ${after}` : ''}
      order by a.at desc, a.id desc
      limit ${limit}`,
  );
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      details: row.details,
    })),
    nextCursor,
  };
}
