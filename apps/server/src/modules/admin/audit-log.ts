import type { AuditAction, AuditEntry, AuditLogResponse } from '@conduit/contracts';
import type pg from 'pg';
import type { DbOrTx } from '../../platform/database.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type PageQuery } from '../../platform/keyset-cursor.ts';
import { adminAuditLog } from './schema.ts';

export interface AuditInput {
  /** Null for the command line. */
  actorId: string | null;
  action: AuditAction;
  targetUserId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

/** Appends one row; call it with the transaction of the change it records. */
export async function writeAuditEntry(tx: DbOrTx, input: AuditInput): Promise<string> {
  const id = newId('aud');
  await tx.insert(adminAuditLog).values({ id, ...input });
  return id;
}

/**
 * An admin's change to a setting of the installation (a model, a channel, a kie.ai account), which
 * targets no user: appended in the change's transaction, as `writeAuditEntry`.
 */
export function writeSettingAudit(
  tx: DbOrTx,
  at: Date,
  actorId: string,
  action: AuditAction,
  details: Record<string, unknown>,
): Promise<string> {
  return writeAuditEntry(tx, { actorId, action, targetUserId: null, details, at });
}

interface AuditRow {
  id: string;
  at: Date;
  at_key: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_user_id: string | null;
  target_email: string | null;
  details: Record<string, unknown>;
}

/** Newest first, paged by (at, id). */
export async function listAuditLog(pool: pg.Pool, query: PageQuery): Promise<AuditLogResponse> {
  const { page, nextCursor } = await keysetPage<AuditRow>(
    pool,
    query,
    { params: [], time: 'a.at', id: 'a.id', timeKey: (row) => row.at_key },
    (
      after,
      limit,
    ) => `select a.id, a.at, (a.at at time zone 'UTC')::text as at_key, a.actor_id, actor.email as actor_email,
            a.action, a.target_user_id, target.email as target_email, a.details
       from admin_audit_log a
       left join users actor on actor.id = a.actor_id
       left join users target on target.id = a.target_user_id
       ${after ? `where ${after}` : ''}
      order by a.at desc, a.id desc
      limit ${limit}`,
  );
  return {
    entries: page.map(
      (row): AuditEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        action: row.action,
        targetUserId: row.target_user_id,
        targetEmail: row.target_email,
        details: row.details,
      }),
    ),
    nextCursor,
  };
}
