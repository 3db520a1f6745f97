/**
 * A workspace's billing contacts, who are told about its money (low balance, receipts, declined
 * charges): a personal workspace's account; a team's owners and billing members. `$1` is an array
 * of workspace ids; deleted accounts are left out.
 */
export const BILLING_CONTACTS_SQL = `
select w.id as workspace_id, u.id as user_id
  from workspaces w join users u on u.id = w.id
 where w.kind = 'personal' and w.id = any($1) and u.deleted_at is null
union all
select m.workspace_id, m.user_id
  from workspace_members m join users u on u.id = m.user_id
 where m.workspace_id = any($1) and m.role in ('owner', 'billing') and u.deleted_at is null`;
