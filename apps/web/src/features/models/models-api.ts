import {
  DEFAULT_MODEL_LIST,
  type ListedModelSummary,
  MODELS_PATH,
  type ModelsAnswer,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { getPath } from '../../lib/api-client.ts';

/** GET /api/provider/models: the enabled models at the operator's prices, each with its body's schema. */
export function useModelList() {
  return useQuery({
    queryKey: ['provider-models'],
    queryFn: async ({ signal }) => (await getPath<ModelsAnswer>(MODELS_PATH, { signal })).data,
  });
}

/**
 * The models a prerendered page shows: the catalogue at its default prices (in the HTML and on the
 * first render after hydration, which must be the same), then what the endpoint answers. If the
 * endpoint cannot be reached the defaults stay.
 */
export function useModelPrices(): readonly ListedModelSummary[] {
  return useModelList().data ?? DEFAULT_MODEL_LIST;
}
