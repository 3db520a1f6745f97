import {
  defineAppRoute,
  findEndpoint,
  type ListedModel,
  type ModelDefinition,
  ModelsAnswer,
  modelById,
  type Service,
} from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

/** `GET /api/provider/models`: public (no key), so the app's own client asks it like its routes. */
const LIST_MODELS = defineAppRoute({
  method: 'GET',
  path: findEndpoint('listModels').path,
  response: ModelsAnswer,
});

/**
 * The enabled models and their prices. The operator turns models off and prices them: each visit
 * asks again, and a visit keeps the list it read (no refetch on reconnect changes a form under the user).
 */
export const modelsQuery = queryOptions({
  queryKey: ['provider-models'] as const,
  staleTime: 0,
  refetchOnReconnect: false,
  queryFn: ({ signal }) => callRoute(LIST_MODELS, { signal }),
});

export type ModelService = 'image' | 'video';
export const isModelService = (service: Service): service is ModelService =>
  service === 'image' || service === 'video';

/** A model the playground offers: its listing (name, price) and its catalogue entry (request schema). */
export interface OfferedModel {
  listed: ListedModel;
  definition: ModelDefinition;
}

/**
 * The service's enabled models, its default first, then in the server's order. A listed model this
 * build's catalogue does not know has no schema to build its form from: it is left out.
 */
export function offeredModels(list: readonly ListedModel[], service: ModelService): OfferedModel[] {
  return list
    .filter((listed) => listed.service === service)
    .flatMap((listed) => {
      const definition = modelById(listed.id);
      return definition?.service === service ? [{ listed, definition }] : [];
    })
    .sort((a, b) => Number(b.listed.isDefault) - Number(a.listed.isDefault));
}

/**
 * The model a form starts with: the requested one (a link's `model`, a handed-over body's) when it is
 * offered, else the first offered, with a note saying why the requested one is not.
 */
export function startingModel(
  offered: readonly OfferedModel[],
  service: ModelService,
  requested: string | undefined,
): { id: string; note: string | null } {
  const [first] = offered;
  const found = offered.find((model) => model.listed.id === requested);
  if (found || requested === undefined || !first)
    return { id: found?.listed.id ?? first?.listed.id ?? '', note: null };
  const known = modelById(requested);
  const why =
    known?.service === service
      ? `${known.name} is turned off at the moment`
      : `There is no ${service} model "${requested}"`;
  return { id: first.listed.id, note: `${why}: ${first.listed.name} is selected instead.` };
}
