import type pg from 'pg';
import type { KieAccount, KieAccountStates } from '../engines/kie-accounts.ts';
import type { KieAccountRow } from './schema.ts';

/** How long a process trusts the set-aside states it read (as the channels' CHANNEL_STATE_TTL_MS). */
export const KIE_ACCOUNT_STATE_TTL_MS = 1_000;

/**
 * The kie.ai accounts' states in PostgreSQL (`kie_accounts`), shared by every process
 * (docs/upstreams.md, "A pool of kie.ai accounts"): one that sees an account answer 402 sets it aside for all.
 * Setting aside is one conditional UPDATE, so of several processes at once exactly one is told it
 * did (and alerts the admins). Read at most once a second per process; its own moves update its copy.
 */
export function createKieAccountStore(pool: pg.Pool, accounts: readonly KieAccount[]) {
  let aside = new Set<string>();
  let readAt = 0;
  let reading: Promise<void> | undefined;
  const ids = accounts.map((account) => account.id);
  const registered = pool
    .query(
      `insert into kie_accounts (id, label) select * from unnest($1::text[], $2::text[])
       on conflict (id) do update set label = excluded.label`,
      [ids, accounts.map((account) => account.label)],
    )
    .then(() => undefined);
  registered.catch(() => undefined);

  const read = () => {
    reading ??= registered
      .then(() =>
        pool.query<{ id: string }>(
          'select id from kie_accounts where id = any($1::text[]) and set_aside_at is not null',
          [ids],
        ),
      )
      .then(({ rows }) => {
        aside = new Set(rows.map((row) => row.id));
        readAt = Date.now();
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const states: KieAccountStates & { forget(): void } = {
    async setAside() {
      if (Date.now() - readAt >= KIE_ACCOUNT_STATE_TTL_MS) await read();
      return aside;
    },
    async setAccountAside(id, code, reason) {
      await registered;
      const { rowCount } = await pool.query(
        `update kie_accounts set set_aside_at = now(), set_aside_code = $2, set_aside_reason = $3, updated_at = now()
          where id = $1 and set_aside_at is null`,
        [id, code, reason.slice(0, 500)],
      );
      aside = new Set([...aside, id]);
      return (rowCount ?? 0) > 0;
    },
    forget() {
      readAt = 0;
    },
  };
  return states;
}

/** Every kie account row, by label (the admin Channels tab). */
export async function kieAccountRows(pool: pg.Pool): Promise<KieAccountRow[]> {
  const { rows } = await pool.query<{
    id: string;
    label: string;
    set_aside_at: Date | null;
    set_aside_code: number | null;
    set_aside_reason: string | null;
    balance: number | null;
    balance_read_at: Date | null;
    updated_at: Date;
  }>('select * from kie_accounts order by label, id');
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    setAsideAt: row.set_aside_at,
    setAsideCode: row.set_aside_code,
    setAsideReason: row.set_aside_reason,
    balance: row.balance,
    balanceReadAt: row.balance_read_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * Brings a set-aside account back: an admin re-enabling it, or the balance watch reading its
 * credits (`onlyCodes`: only an account set aside for one of those codes). True when it was aside.
 */
export async function restoreKieAccount(
  queryable: Pick<pg.Pool, 'query'>,
  id: string,
  onlyCodes?: readonly number[],
): Promise<boolean> {
  const { rowCount } = await queryable.query(
    `update kie_accounts set set_aside_at = null, set_aside_code = null, set_aside_reason = null, updated_at = now()
      where id = $1 and set_aside_at is not null and ($2::int[] is null or set_aside_code = any($2::int[]))`,
    [id, onlyCodes ? [...onlyCodes] : null],
  );
  return (rowCount ?? 0) > 0;
}

/** The balance watch's last reading of an account (the Channels tab shows it when kie cannot be read). */
export async function recordKieBalance(pool: pg.Pool, id: string, balance: number): Promise<void> {
  await pool.query(
    `insert into kie_accounts (id, label, balance, balance_read_at) values ($1, $1, $2, now())
     on conflict (id) do update set balance = excluded.balance, balance_read_at = now()`,
    [id, balance],
  );
}
