import { CALL_TEXTS, type CallDetail, type CallResult, callModelOf } from '@conduit/contracts';
import type pg from 'pg';
import { NotFound } from '../../platform/errors.ts';
import { decryptApiKey, maskApiKey } from '../keys/key-crypto.ts';

interface CallRow {
  id: string;
  service: CallDetail['service'];
  model: string | null;
  status: CallDetail['status'];
  request: Record<string, unknown>;
  result: CallResult | null;
  error: string | null;
  cost: number;
  credits_refunded: number;
  engine: string;
  created_at: Date;
  completed_at: Date | null;
  results_expire_at: Date | null;
  key_id: string;
  key_name: string;
  key_encrypted: string;
  is_key_deleted: boolean;
  rating: number | null;
  metadata: Record<string, string> | null;
}

// The owner is part of the lookup: another account's task is indistinguishable from no task.
const CALL_SQL = `
  select t.id, t.service, t.model, t.status, t.request, t.result, t.error, t.cost, t.credits_refunded, t.engine,
         t.created_at, t.completed_at, t.results_expire_at, k.id as key_id, k.name as key_name, k.key_encrypted,
         k.deleted_at is not null as is_key_deleted, r.rating, t.metadata
    from tasks t join api_keys k on k.id = t.api_key_id
    left join task_ratings r on r.task_id = t.id
   where t.id = $1 and t.workspace_id = $2 and t.livemode = $3`;

/** One of the user's calls with its request, key (masked), timing, credits and result. */
export async function getCallDetail(
  pool: pg.Pool,
  encryptionKey: Buffer,
  userId: string,
  taskId: string,
  /** The mode viewed: a call of the other mode is a 404 (test-mode.ts). */
  livemode = true,
): Promise<CallDetail> {
  const { rows } = await pool.query<CallRow>(CALL_SQL, [taskId, userId, livemode]);
  const row = rows[0];
  if (!row) throw new NotFound(CALL_TEXTS.notFound);
  const result = row.status === 'completed' ? row.result : null;
  return {
    taskId: row.id,
    service: row.service,
    model: callModelOf(row.model),
    status: row.status,
    request: row.request,
    key: {
      id: row.key_id,
      name: row.key_name,
      maskedValue: maskApiKey(decryptApiKey(encryptionKey, row.key_encrypted)),
      isDeleted: row.is_key_deleted,
    },
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    durationMs: row.completed_at ? row.completed_at.getTime() - row.created_at.getTime() : null,
    creditsCharged: row.cost,
    creditsRefunded: row.credits_refunded,
    error: row.error,
    result,
    resultUrls: result?.resultUrls ?? [],
    expiresAt: row.results_expire_at?.toISOString() ?? null,
    rating: row.rating,
    engine: { name: row.engine, isDevelopmentEngine: row.engine === 'local' },
    metadata: row.metadata ?? {},
  };
}
