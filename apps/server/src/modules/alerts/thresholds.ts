import {
  ALERT_TEXTS,
  type AlertResponse,
  type AlertsResponse,
  type BalanceAlert,
  MAX_BALANCE_ALERTS,
} from '@conduit/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/database.ts';
import { BadRequest, Conflict, NotFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock } from '../../platform/services.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { getBalance } from '../credits/ledger.ts';
import { readEndpointSettings } from '../events/endpoint-settings.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { burnRateFor } from './burn-rate.ts';
import { type BalanceAlertRow, balanceAlerts } from './schema.ts';

export interface AlertsContext {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
}

export interface AlertActor {
  workspace: WorkspaceAccess;
  userId: string;
}

const toAlert = (row: BalanceAlertRow): BalanceAlert => ({
  id: row.id,
  threshold: row.threshold,
  isArmed: row.isArmed,
  lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
});

/** The alerts (highest threshold first), the balance, the 7-day burn rate and the webhook endpoint. */
export async function listAlerts(ctx: AlertsContext, workspaceId: string): Promise<AlertsResponse> {
  const [rows, balance, [workspace], endpoint] = await Promise.all([
    ctx.db
      .select()
      .from(balanceAlerts)
      .where(eq(balanceAlerts.workspaceId, workspaceId))
      .orderBy(asc(balanceAlerts.threshold)),
    getBalance(ctx.db, workspaceId),
    ctx.db
      .select({ webhookUrl: workspaces.webhookUrl })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId)),
    readEndpointSettings(ctx.db, workspaceId),
  ]);
  return {
    alerts: rows.reverse().map(toAlert),
    maxAlerts: MAX_BALANCE_ALERTS,
    balance,
    burnRate: await burnRateFor(ctx.pool, workspaceId, balance, ctx.clock.now()),
    webhookUrl: workspace?.webhookUrl ?? null,
    webhookEventTypes: endpoint.eventTypes,
    webhookDisabledAt: endpoint.disabledAt?.toISOString() ?? null,
  };
}

/**
 * A new threshold (the body's schema already refused anything but a whole number from 1). The
 * workspace row is locked first, so two adds at once cannot make a sixth alert. An alert added
 * above the balance starts disarmed: it fires on the next fall below it, not at once.
 */
export async function addAlert(
  ctx: AlertsContext,
  actor: AlertActor,
  threshold: number,
): Promise<AlertResponse> {
  const workspaceId = actor.workspace.id;
  const row = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    const [existing] = await tx
      .select({ count: count() })
      .from(balanceAlerts)
      .where(eq(balanceAlerts.workspaceId, workspaceId));
    if ((existing?.count ?? 0) >= MAX_BALANCE_ALERTS) throw new BadRequest(ALERT_TEXTS.tooMany, 'threshold');
    const balance = await getBalance(tx, workspaceId);
    const [inserted] = await tx
      .insert(balanceAlerts)
      .values({ id: newId('bal'), workspaceId, threshold, isArmed: balance >= threshold })
      .onConflictDoNothing({ target: [balanceAlerts.workspaceId, balanceAlerts.threshold] })
      .returning();
    if (!inserted) throw new Conflict(ALERT_TEXTS.thresholdExists(threshold));
    await recordTeamEvent(tx, {
      workspace: actor.workspace,
      actorId: actor.userId,
      action: 'alert.added',
      details: { threshold },
      at: ctx.clock.now(),
    });
    return inserted;
  });
  return { alert: toAlert(row), message: ALERT_TEXTS.added };
}

export async function removeAlert(ctx: AlertsContext, actor: AlertActor, alertId: string) {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(balanceAlerts)
      .where(and(eq(balanceAlerts.id, alertId), eq(balanceAlerts.workspaceId, actor.workspace.id)))
      .returning();
    if (!removed) throw new NotFound(ALERT_TEXTS.notFound);
    await recordTeamEvent(tx, {
      workspace: actor.workspace,
      actorId: actor.userId,
      action: 'alert.removed',
      details: { threshold: removed.threshold },
      at: ctx.clock.now(),
    });
  });
  return { message: ALERT_TEXTS.removed };
}
