import { type ListedModel, type ModelDefinition, modelById, type Service } from '@conduit/contracts';

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
