import { burnRateOf } from '@conduit/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { recordEvent } from '../events/record-event.ts';
import { BILLING_CONTACTS_SQL } from '../workspaces/billing-contacts.ts';
import { queueAlertMail } from './alert-mail.ts';
import { spentLast7Days } from './burn-rate.ts';
import { type ClaimTransaction, claimCrossings } from './claim-crossings.ts';

const BATCH = 500;

/*
 * Re-arms every fired alert whose balance is back at or above its threshold. It reads only
 * disarmed alerts (a handful per workspace that has any), each joined to its balance by key.
 */
const REARM_SQL = `
update balance_alerts a set is_armed = true
  from credit_accounts c
 where not a.is_armed and c.workspace_id = a.workspace_id and c.balance >= a.threshold`;

/*
 * The claim: armed alerts (balance_alerts_armed_idx) joined to their balances, those below their
 * threshold disarmed in this same UPDATE and returned. `skip locked`: a concurrent scan holding
 * an alert leaves it to that scan; one it already claimed is no longer armed.
 */
const CLAIM_SQL = `
with due as (
  select a.id
    from balance_alerts a
    join credit_accounts c on c.workspace_id = a.workspace_id
    join workspaces w on w.id = a.workspace_id
   where a.is_armed and c.balance < a.threshold and w.deleted_at is null
   limit $2
     for update of a skip locked
)
update balance_alerts a set is_armed = false, last_fired_at = $1
  from due, credit_accounts c, workspaces w
 where a.id = due.id and c.workspace_id = a.workspace_id and w.id = a.workspace_id
returning a.id, a.workspace_id, a.threshold, c.balance, w.kind, w.name, w.webhook_url`;

interface ClaimedAlert extends pg.QueryResultRow {
  id: string;
  workspace_id: string;
  threshold: number;
  balance: number;
  kind: 'personal' | 'team';
  name: string | null;
  webhook_url: string | null;
}

type ScanServices = Pick<Services, 'pool' | 'jobs' | 'clock' | 'log'>;

/** Queues the mails and the `balance.low` event of the alerts just claimed, in the claim's transaction. */
async function notify(services: ScanServices, firedAt: Date, alerts: ClaimedAlert[], tx: ClaimTransaction) {
  const workspaceIds = [...new Set(alerts.map((alert) => alert.workspace_id))];
  const spent = await spentLast7Days(tx.client, workspaceIds, firedAt);
  const { rows: recipients } = await tx.client.query<{ workspace_id: string; user_id: string }>(
    BILLING_CONTACTS_SQL,
    [workspaceIds],
  );
  for (const alert of alerts) {
    const burnRate = burnRateOf(alert.balance, spent.get(alert.workspace_id) ?? 0);
    const firing = `${alert.id}:${firedAt.getTime()}`;
    for (const { user_id: userId } of recipients.filter((row) => row.workspace_id === alert.workspace_id)) {
      await queueAlertMail(
        services.jobs,
        {
          userId,
          teamName: alert.kind === 'team' ? alert.name : null,
          threshold: alert.threshold,
          balance: alert.balance,
          burnRate,
        },
        `${firing}:${userId}`,
        tx.jobsDb,
      );
    }
    // Recorded in the claim's transaction: the event exists exactly when the claim commits.
    await recordEvent(drizzle(tx.client, { schema }), {
      workspaceId: alert.workspace_id,
      type: 'balance.low',
      data: {
        workspaceId: alert.workspace_id,
        balance: alert.balance,
        threshold: alert.threshold,
        ...burnRate,
      },
      dedupeKey: `alert:${firing}`,
      at: firedAt,
    });
  }
}

/**
 * One detection pass (docs/product.md, "Low-balance alerts"): re-arm the alerts whose balance
 * recovered, then claim the armed ones now below their threshold, each with its mails and event.
 * Safe to run in any number of processes at once; answers how many alerts fired.
 */
export async function scanBalanceAlerts(services: ScanServices): Promise<number> {
  await services.pool.query(REARM_SQL);
  let fired = 0;
  for (;;) {
    const firedAt = services.clock.now();
    const claimed = await claimCrossings<ClaimedAlert>(
      services.pool,
      { text: CLAIM_SQL, values: [firedAt, BATCH] },
      (alerts, tx) => notify(services, firedAt, alerts, tx),
    );
    fired += claimed.length;
    if (claimed.length < BATCH) return fired;
  }
}
