import {
  type DashboardResponse,
  SERVICES,
  type Service,
  USAGE_COSTS,
  USAGE_WINDOW_DAYS,
} from '@conduit/contracts';
import type pg from 'pg';
import type { Engine } from '../engines/engine.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';

/** The workspace's dashboard, counted from its task rows (one per paid call). */
export async function getDashboard(
  pool: pg.Pool,
  workspace: WorkspaceAccess,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
): Promise<DashboardResponse> {
  const { rows } = await pool.query(
    `select
       (select balance from credit_accounts where workspace_id = $1) as balance,
       (select count(*)::int from api_keys where workspace_id = $1 and deleted_at is null) as active_keys,
       exists(select 1 from api_keys where workspace_id = $1) as has_created_key,
       exists(select 1 from tasks where workspace_id = $1) as has_made_call,
       exists(select 1 from payments where workspace_id = $1 and status = 'paid') as has_bought_credits,
       coalesce((select json_object_agg(service, json_build_object('requests', requests, 'credits', credits))
          from (select service, count(*)::int as requests, sum(cost - credits_refunded)::int as credits
                  from tasks where workspace_id = $1 and created_at > now() - make_interval(days => $2)
                 group by service) s), '{}'::json) as by_service`,
    [workspace.id, USAGE_WINDOW_DAYS],
  );
  const row = rows[0] as {
    balance: number | null;
    active_keys: number;
    has_created_key: boolean;
    has_made_call: boolean;
    has_bought_credits: boolean;
    by_service: Partial<Record<Service, { requests: number; credits: number }>>;
  };
  const requestsOf = (service: Service) => row.by_service[service]?.requests ?? 0;
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
          SERVICES.map((service) => [service, row.by_service[service]?.credits ?? 0]),
        ) as Record<Service, number>,
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
