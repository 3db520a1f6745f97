import type pg from 'pg';

/**
 * The admin bench's installation, in SQL (generate_series): accounts, keys, a million paid calls,
 * payments, the ledger that goes with them, ratings and admin audit rows, stored as the schema
 * stored them at migration 0010 (before workspaces: the owner column is `user_id` and the tier
 * is on `users`). Seed a database migrated through 0010 (migrate-through.ts), then migrate the
 * rest: the bench times the admin queries on the result, and the workspaces migration test
 * checks that migrating such an installation changes no balance, entry, key, payment or task.
 */
export interface AdminSeedSize {
  users: number;
  tasks: number;
  payments: number;
}

/*
 * Accounts over two years, 40% signed in during the last 60 days, 1% deleted, 1% switched off.
 * Every account starts with a 5,000-credit purchase entry, so the running balance of its ledger
 * never drops below 0 whatever its calls cost.
 */
const seedStatements = ({
  users,
  tasks,
  payments,
}: AdminSeedSize): Array<[name: string, sql: string, params: number[]]> => [
  [
    'accounts',
    `insert into users (id, email, name, max_api_keys, tier, is_active, email_verified_at, last_login_at, created_at, deleted_at)
   select 'usr_b' || lpad(i::text, 8, '0'),
          case when i % 100 = 0 then 'deleted-' || i || '@deleted.invalid' else 'dev' || i || '@example' || (i % 50) || '.com' end,
          case when i % 3 = 0 then 'Developer ' || i end,
          10,
          (array['free', 'free', 'free', 'pro', 'enterprise'])[1 + i % 5],
          i % 97 <> 0,
          now() - (i % 730) * interval '1 day',
          case when i % 5 < 2 then now() - (i % 60) * interval '1 day' - (i % 1440) * interval '1 minute' end,
          now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute',
          case when i % 100 = 0 then now() - interval '3 days' end
     from generate_series(1, $1::int) as i`,
    [users],
  ],
  [
    'API keys',
    `insert into api_keys (id, user_id, name, key_hash, key_encrypted, permissions)
   select 'key_b' || lpad(i::text, 8, '0'), 'usr_b' || lpad(i::text, 8, '0'), 'bench', 'hash-' || i, 'x',
          array['image', 'video', 'sora', 'linkedin']
     from generate_series(1, $1::int) as i`,
    [users],
  ],
  // Paid calls: 55% image, 15% video, 15% sora, 15% linkedin; 5% failed (refunded), 0.2% still open.
  [
    'paid calls',
    `insert into tasks (id, user_id, api_key_id, service, status, cost, credits_refunded, engine, request,
                      deadline_at, created_at, completed_at)
   select 'task_b' || lpad(t.i::text, 9, '0'), 'usr_b' || lpad(t.u::text, 8, '0'), 'key_b' || lpad(t.u::text, 8, '0'),
          t.service, t.status, t.cost, case when t.status = 'failed' then t.cost else 0 end, 'local', '{}'::jsonb,
          t.created_at + interval '10 minutes', t.created_at,
          case when t.status <> 'processing' then t.created_at + interval '20 seconds' end
     from (
       select i,
              1 + (hashint4(i) & 2147483647) % $2::int as u,
              s.service, s.cost,
              case when i % 500 = 0 then 'processing' when i % 20 = 0 then 'failed' else 'completed' end as status,
              now() - ((hashint4(i + 7) & 2147483647) % (180 * 86400)) * interval '1 second' as created_at
         from generate_series(1, $1::int) as i
         cross join lateral (
           select (array['image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image', 'image',
                         'video', 'video', 'video', 'sora', 'sora', 'sora', 'linkedin', 'linkedin', 'linkedin'])[1 + i % 20] as service
         ) pick
         cross join lateral (
           select pick.service, case pick.service when 'video' then 10 when 'linkedin' then 2 else 1 end as cost
         ) s
     ) t`,
    [tasks, users],
  ],
  [
    'payments',
    `insert into payments (id, user_id, package, credits, amount_cents, status, provider, created_at, updated_at, paid_at)
   select 'pay_b' || lpad(i::text, 8, '0'), 'usr_b' || lpad((1 + (hashint4(i) & 2147483647) % $2::int)::text, 8, '0'),
          (array['starter', 'developer', 'pro'])[1 + i % 3], (array[100, 500, 1000])[1 + i % 3],
          (array[999, 3999, 6999])[1 + i % 3],
          case when i % 10 = 0 then 'failed' when i % 10 = 1 then 'expired' else 'paid' end, 'stripe',
          now() - (i % 720) * interval '1 day', now() - (i % 720) * interval '1 day',
          case when i % 10 > 1 then now() - (i % 720) * interval '1 day' + interval '1 minute' end
     from generate_series(1, $1::int) as i`,
    [payments, users],
  ],
  ['balances', `insert into credit_accounts (user_id) select id from users`, []],
  // The ledger as the code writes it: an opening purchase per account, then per call a usage
  // entry (and a refund for a failed one), balance_after running in time order.
  [
    'ledger entries',
    `insert into credit_entries (id, user_id, delta, reason, reference, service, balance_after, created_at)
   select 'cre_b' || row_number() over (), user_id, delta, reason, reference, service,
          sum(delta) over (partition by user_id order by reason <> 'purchase', created_at, reference, reason
                           rows between unbounded preceding and current row),
          created_at
     from (
       select id as user_id, 5000 as delta, 'purchase' as reason, 'pay_open_' || id as reference, null as service,
              created_at - interval '1 minute' as created_at
         from users
       union all
       select user_id, -cost, 'usage', id, case service when 'image' then 'imageGeneration' when 'video' then 'videoGeneration'
                                                   when 'sora' then 'soraWatermarkRemover' else 'linkedinScraping' end, created_at
         from tasks
       union all
       select user_id, cost, 'refund', id, null, completed_at from tasks where status = 'failed'
     ) e`,
    [],
  ],
  [
    'balances from the ledger',
    `update credit_accounts c set balance = s.total from (
     select user_id, sum(delta)::int as total from credit_entries group by user_id) s
   where s.user_id = c.user_id`,
    [],
  ],
  [
    'ratings',
    `insert into task_ratings (task_id, user_id, rating, updated_at)
   select id, user_id, 1 + (hashtext(id) & 2147483647) % 5, completed_at
     from tasks where status <> 'processing' and (hashtext(id || 'rated') & 2147483647) % 20 = 0`,
    [],
  ],
  [
    'audit log',
    `insert into admin_audit_log (id, actor_id, action, target_user_id, details, at)
   select 'aud_b' || i, 'usr_b00000001', 'user.updated', 'usr_b' || lpad((1 + i % 1000)::text, 8, '0'), '{}'::jsonb,
          now() - i * interval '1 hour'
     from generate_series(1, 5000) as i`,
    [],
  ],
];

/** Runs the seed on one connection; `onStep` hears each statement's name and time. */
export async function seedAdminData(
  client: pg.PoolClient | pg.Client,
  size: AdminSeedSize,
  onStep: (name: string, ms: number) => void = () => {},
): Promise<void> {
  // The rows are consistent by construction: skip the per-row foreign-key triggers while
  // seeding (superuser only, as the embedded database's user is; elsewhere they just run).
  await client.query("set session_replication_role = 'replica'").catch(() => {});
  try {
    for (const [name, statement, params] of seedStatements(size)) {
      const started = performance.now();
      await client.query(statement, params);
      onStep(name, Math.round(performance.now() - started));
    }
  } finally {
    await client.query("set session_replication_role = 'origin'").catch(() => {});
  }
}
