import {
  DEFAULT_MODEL_LIST,
  type ListedModelSummary,
  MODELS_PATH,
  type ModelsAnswer,
} from '@conduit/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPath } from '../../lib/api-client.ts';

/**
 * The enabled models at the operator's prices, each with its body's schema: one query for every
 * page that shows them (playground, docs, landing), so they share one cache entry of one shape.
 * The operator turns models off and prices them: each visit asks again, and a visit keeps the list
 * it read (no refetch on reconnect changes a playground form under the user). Read as a plain
 * value (no schema code): the prerendered landing loads this module first and carries no schemas.
 */
export const modelsQuery = queryOptions({
  queryKey: ['provider-models'] as const,
  staleTime: 0,
  refetchOnReconnect: false,
  queryFn: async ({ signal }) => (await getPath<ModelsAnswer>(MODELS_PATH, { signal })).data,
});

export function useModelList() {
  return useQuery(modelsQuery);
}

/**
 * The models a prerendered page shows: the catalogue at its default prices (in the HTML and on the
 * first render after hydration, which must be the same), then what the endpoint answers. If the
 * endpoint cannot be reached the defaults stay.
 */
export function useModelPrices(): readonly ListedModelSummary[] {
  return useModelList().data ?? DEFAULT_MODEL_LIST;
}
