import type pg from 'pg';

/** What `run` answered and how many connections it checked out of `pool` while it ran. */
export async function countPoolCheckouts<T>(pool: pg.Pool, run: () => Promise<T>) {
  let checkouts = 0;
  const count = () => {
    checkouts += 1;
  };
  pool.on('acquire', count);
  try {
    return { answer: await run(), checkouts };
  } finally {
    pool.off('acquire', count);
  }
}

/** How many events of `type` the accounts' workspaces have. */
export async function eventCount(
  pool: pg.Pool,
  type: string,
  accounts: { workspaceId: string }[],
): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from webhook_events where type = $1 and workspace_id = any($2)',
    [type, accounts.map((account) => account.workspaceId)],
  );
  return rows[0]?.n ?? 0;
}
