import type { CreditsResponse } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';

export const creditsQuery = queryOptions({
  queryKey: ['credits'],
  queryFn: ({ signal }) => apiClient.get<CreditsResponse>('/api/credits', { signal }),
});
