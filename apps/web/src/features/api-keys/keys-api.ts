import {
  APP_PATHS,
  appPath,
  type CreateKeyResponse,
  type KeysResponse,
  type MessageResponse,
} from '@conduit/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';
import { DASHBOARD_QUERY_KEY } from '../dashboard/dashboard-queries.ts';

export const KEYS_QUERY_KEY = ['keys'] as const;

export const keysQuery = queryOptions({
  queryKey: KEYS_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<KeysResponse>(APP_PATHS.keys.path, { signal }),
});

export const keysApi = {
  create: (keyName: string) => apiClient.post<CreateKeyResponse>(APP_PATHS.createKey.path, { keyName }),
  remove: (id: string) => apiClient.delete<MessageResponse>(appPath('deleteKey', { id })),
};

/** After a create or delete: the list and the dashboard's active-key count change. */
export const refreshKeys = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  ]);
