import {
  byServiceAndModel,
  callModelOf,
  type DashboardResponse,
  type ModelUsage,
  SERVICES,
  type Service,
  USAGE_COSTS,
  USAGE_WINDOW_DAYS,
} from '@conduit/contracts';
import type pg from 'pg';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import type { Engine } from '../engines/engine.ts';

/** The workspace's dashboard, counted from its task rows (one per paid call), per service and model. */
export async function getDashboard(
  pool: pg.Pool,
  workspace: WorkspaceAccess,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
  /** The mode viewed: its calls only are counted (test-mode.ts); the balance is the one balance. */
  livemode = true,
): Promise<DashboardResponse> {
  const { rows } = await pool.query(
    `select
       (select balance from credit_accounts where workspace_id = $1) as balance,
       (select count(*)::int from api_keys where workspace_id = $1 and deleted_at is null) as active_keys,
       exists(select 1 from api_keys where workspace_id = $1) as has_created_key,
       exists(select 1 from tasks where workspace_id = $1) as has_made_call,
       exists(select 1 from payments where workspace_id = $1 and status = 'paid') as has_bought_credits,
       coalesce((select json_agg(s)
          from (select service, model, count(*)::int as calls, sum(cost - credits_refunded)::int as credits
                  from tasks where workspace_id = $1 and created_at > now() - make_interval(days => $2)
                   and livemode = $3
                 group by service, model) s), '[]'::json) as by_model`,
    [workspace.id, USAGE_WINDOW_DAYS, livemode],
  );
  const row = rows[0] as {
    balance: number | null;
    active_keys: number;
    has_created_key: boolean;
    has_made_call: boolean;
    has_bought_credits: boolean;
    by_model: Array<{ service: Service; model: string | null; calls: number; credits: number }>;
  };
  const byModel: ModelUsage[] = row.by_model
    .map((entry) => ({ ...entry, model: callModelOf(entry.model) }))
    .sort(byServiceAndModel);
  const sumOf = (service: Service, figure: 'calls' | 'credits') =>
    byModel.reduce((sum, entry) => sum + (entry.service === service ? entry[figure] : 0), 0);
  const requestsOf = (service: Service) => sumOf(service, 'calls');
  return {
    apiProvider: { tier: workspace.tier, maxApiKeys: workspace.maxApiKeys, limits: workspace.limits },
    credits: { balance: row.balance ?? 0, usageCosts: { ...USAGE_COSTS } },
    apiKeys: { active: row.active_keys, maxAllowed: workspace.maxApiKeys },
    usage: {
      last30Days: {
        totalRequests: SERVICES.reduce((sum, service) => sum + requestsOf(service), 0),
        imageRequests: requestsOf('image'),
        videoRequests: requestsOf('video'),
        soraWatermarkRemoverRequests: requestsOf('sora'),
        linkedinRequests: requestsOf('linkedin'),
        creditsByService: Object.fromEntries(
          SERVICES.map((service) => [service, sumOf(service, 'credits')]),
        ) as Record<Service, number>,
        byModel,
      },
    },
    engine: { name: engine.name, isDevelopmentEngine: engine.isDevelopmentEngine },
    gettingStarted: {
      hasCreatedKey: row.has_created_key,
      hasMadeCall: row.has_made_call,
      hasBoughtCredits: row.has_bought_credits,
    },
  };
}
