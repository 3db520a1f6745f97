/*
 * A key's own controls as SQL, for the debit statements: the controls are checked in the same
 * statement that takes the credits, so a key edited, rolled or expired a moment ago in another
 * process cannot spend past its rules (docs/product.md, "Key controls").
 */

/**
 * A key `k` still answers to the secret presented from this address: not deleted, not expired,
 * presented with its current secret or its previous one inside the roll's grace, called from an
 * allowed address. An open event stream is held to the same (task-events), a paid call also to
 * its service.
 */
export const keyPresentableSql = (keyHash: string, ip: string) => `k.deleted_at is null
  and (k.expires_at is null or k.expires_at > now())
  and (k.key_hash = ${keyHash} or (k.previous_key_hash = ${keyHash} and k.previous_key_expires_at > now()))
  and (k.ip_allowlist is null or ${ip}::inet <<= any(k.ip_allowlist::inet[]))`;

/** A key `k` may pay for a call: presentable (above), and allowed the service. */
export const keyUsableSql = (keyHash: string, service: string, ip: string) =>
  `${keyPresentableSql(keyHash, ip)}
  and ${service} = any(k.permissions)`;

/** The spend period label of `period` at `at`, as spendPeriodLabel of the contracts computes it. */
export const spendLabelSql = (period: string, at: string) =>
  `case ${period} when 'day' then to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')
     when 'month' then to_char(${at} at time zone 'UTC', 'YYYY-MM') else 'total' end`;

/**
 * Budgets of the limited keys among `keyIds`, locked until the statement commits (FOR NO KEY
 * UPDATE: paid calls of unlimited keys, and rows that only reference the key, are not blocked):
 * the credits spent in the current period and its label. Keys without a limit are not read.
 */
export const keyBudgetsSql = (keyIds: string) => `select k.id, k.spend_limit_credits as credits,
    k.spend_limit_period as period, ${spendLabelSql('k.spend_limit_period', 'now()')} as label,
    case when k.spent_period = ${spendLabelSql('k.spend_limit_period', 'now()')} then k.spent_credits else 0 end as spent
  from api_keys k where k.id = any(${keyIds}) and k.spend_limit_credits is not null
  for no key update`;
