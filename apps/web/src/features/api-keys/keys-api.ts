import {
  appPath,
  type CreateKeyBody,
  KEY_ROUTES,
  type RollKeyBody,
  type UpdateKeyBody,
} from '@conduit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { DASHBOARD_QUERY_KEY } from '../usage/dashboard-queries.ts';

export const KEYS_QUERY_KEY = ['keys'] as const;

export const keysQuery = routeQuery(KEY_ROUTES.list, { queryKey: KEYS_QUERY_KEY });

export const keysApi = {
  create: (body: CreateKeyBody) => callRoute(KEY_ROUTES.create, { body }),
  /** The workspace's playground key: made on the first call, the same one after. */
  createPlayground: () => callRoute(KEY_ROUTES.createPlayground, {}),
  update: (id: string, body: UpdateKeyBody) =>
    callRoute(KEY_ROUTES.update, { path: appPath('updateKey', { id }), body }),
  roll: (id: string, body: RollKeyBody) =>
    callRoute(KEY_ROUTES.roll, { path: appPath('rollKey', { id }), body }),
  remove: (id: string) => callRoute(KEY_ROUTES.remove, { path: appPath('deleteKey', { id }) }),
};

/** After a create, edit, roll or delete: the list and the dashboard's active-key count change. */
export const refreshKeys = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  ]);
