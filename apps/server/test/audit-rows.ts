import type { TestRuntime } from './test-runtime.ts';

/** The admin audit rows about one account, oldest first. */
export async function auditRowsFor(runtime: TestRuntime, targetUserId: string) {
  const { rows } = await runtime.services.pool.query(
    'select actor_id, action, details from admin_audit_log where target_user_id = $1 order by at, id',
    [targetUserId],
  );
  return rows as { actor_id: string | null; action: string; details: Record<string, unknown> }[];
}
