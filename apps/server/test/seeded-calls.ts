import { DEFAULT_MODEL } from '@conduit/contracts';
import type pg from 'pg';
import { signedInAccount } from './accounts.ts';
import { createPaidAccount, type PaidAccount } from './paid-account.ts';
import { createTestRuntime } from './test-runtime.ts';

/**
 * The reconciliation's figures of `calls` settled calls that charged `charged` credits and kept
 * `kept`, a credit being worth 100,000 micros (one payment of 1,000 cents for 100 credits).
 */
export const reconciledFigures = (
  calls: number,
  charged: number,
  kept: number,
  costMicros: number,
  refundedBilled = 0,
) => ({
  calls,
  creditsCharged: charged,
  creditsKept: kept,
  earnedMicros: kept * 100_000,
  upstreamCostMicros: costMicros,
  marginMicros: kept * 100_000 - costMicros,
  refundedButBilled: refundedBilled,
});

/** A call as the admin figures see it: made at `at`, on `channel`, billed `micros` upstream. */
export interface SeededCall {
  service: string;
  /** The call's model; by default its service's default model (none for Sora and LinkedIn). */
  model?: string | null;
  status: string;
  cost: number;
  refunded: number;
  channel: string | null;
  micros: number;
  at: string;
  error?: string | null;
}

/**
 * Writes calls of one account's key straight into `tasks`, as they stand after running (the admin
 * figures' tests work their expected sums out by hand from these rows). Ids are `<prefix>_<index>`.
 */
export async function seedCalls(
  pool: pg.Pool,
  account: Pick<PaidAccount, 'workspaceId' | 'keyId'>,
  prefix: string,
  calls: readonly SeededCall[],
) {
  for (const [index, call] of calls.entries()) {
    await pool.query(
      `insert into tasks (id, workspace_id, api_key_id, service, status, cost, credits_refunded, engine, request,
                          deadline_at, created_at, channel, upstream_cost_micros, error, model)
       values ($1, $2, $3, $4, $5, $6, $7, 'kie', '{}', $8::timestamptz + interval '1 hour', $8, $9, $10, $11, $12)`,
      [
        `${prefix}_${index}`,
        account.workspaceId,
        account.keyId,
        call.service,
        call.status,
        call.cost,
        call.refunded,
        call.at,
        call.channel,
        call.micros,
        call.error ?? null,
        call.model === undefined
          ? (DEFAULT_MODEL[call.service as keyof typeof DEFAULT_MODEL] ?? null)
          : call.model,
      ],
    );
  }
}

/** Paid credit purchases of a workspace, paid at `at` (`<prefix>_<index>`). */
export async function seedPayments(
  pool: pg.Pool,
  workspaceId: string,
  prefix: string,
  payments: readonly { cents: number; credits: number; at: string }[],
) {
  for (const [index, payment] of payments.entries()) {
    await pool.query(
      `insert into payments (id, workspace_id, package, credits, amount_cents, status, provider, created_at, paid_at)
       values ($1, $2, 'starter', $3, $4, 'paid', 'sandbox', $5, $5)`,
      [`${prefix}_${index}`, workspaceId, payment.credits, payment.cents, payment.at],
    );
  }
}

/**
 * The API app on a clock stopped at `now` and a signed-in admin, over one paid account's `calls`
 * (`task_<prefix>_<index>`) and `payments` (`pay_<prefix>_<index>`).
 */
export async function adminOverSeededCalls(
  now: Date,
  prefix: string,
  calls: readonly SeededCall[],
  payments: Parameters<typeof seedPayments>[3],
) {
  const runtime = await createTestRuntime({ ROLE: 'api' });
  runtime.services.clock = { now: () => now };
  const admin = await signedInAccount(runtime, 'admin');
  const account = await createPaidAccount(runtime.services);
  await seedCalls(runtime.services.pool, account, `task_${prefix}`, calls);
  await seedPayments(runtime.services.pool, account.workspaceId, `pay_${prefix}`, payments);
  return { runtime, admin };
}

/** A task's `columns` (comma-separated, as SQL names them) as PostgreSQL holds them; throws when there is no such task. */
export async function taskColumns<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  taskId: string,
  columns: string,
): Promise<Row> {
  const { rows } = await pool.query<Row>(`select ${columns} from tasks where id = $1`, [taskId]);
  if (!rows[0]) throw new Error(`no task ${taskId}`);
  return rows[0];
}

/** Task columns as the tests read them back, typed as PostgreSQL gives them. */
export interface TaskColumnValues {
  status: string;
  channel: string | null;
  upstream_id: string | null;
  upstream_restarts: number;
  upstream_cost_micros: number | null;
  credits_refunded: number;
  error: string | null;
}

/** The names of a comma-separated column list: 'status, channel' -> 'status' | 'channel'. */
type ColumnNames<List extends string> = List extends `${infer Head}, ${infer Rest}`
  ? Head | ColumnNames<Rest>
  : List;

/** A task's `columns` (a comma-separated list), typed (taskColumns); throws when there is no such task. */
export const taskValues = <List extends string>(
  pool: pg.Pool,
  taskId: string,
  columns: ColumnNames<List> extends keyof TaskColumnValues ? List : never,
) => taskColumns<Pick<TaskColumnValues, ColumnNames<List> & keyof TaskColumnValues>>(pool, taskId, columns);
