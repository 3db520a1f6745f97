import {
  creditsOfBody,
  DEFAULT_LINKEDIN_PRICING,
  linkedinCredits,
  linkedinPostsAskedFor,
  type ModelDefinition,
  type Service,
} from '@conduit/contracts';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { type FormField, formFieldsOf } from './form-fields.ts';
import { bodyOf, type FieldValue, type FormValues, initialValues, validValues } from './form-values.ts';
import { type ModelService, type OfferedModel, startingModel } from './models-api.ts';
import { PLAYGROUND_ENDPOINTS } from './playground-endpoints.ts';

const MODEL_FIELDS = new Map<string, FormField[]>();
/** A model's form: its own request schema's fields, but `model` (the picker sets it). */
function fieldsOfModel(definition: ModelDefinition): FormField[] {
  let fields = MODEL_FIELDS.get(definition.id);
  if (!fields) {
    fields = formFieldsOf(definition.request).filter((field) => field.name !== 'model');
    MODEL_FIELDS.set(definition.id, fields);
  }
  return fields;
}

/** The models of an image or video form: those offered, the chosen one, and why a requested one is not. */
export interface ModelChoice {
  offered: readonly OfferedModel[];
  chosen: OfferedModel;
  note: string | null;
  choose: (id: string) => void;
}

/**
 * A service's form state. Sora and LinkedIn: the endpoint's body schema and its fixed price. Image
 * and video (given `offered`): the chosen model's own schema and the operator's price of it; a new
 * model keeps each value its schema still accepts and starts the rest from their defaults.
 */
export function useServiceForm({
  service,
  prefill,
  offered,
  requestedModel,
}: {
  service: Service;
  prefill?: Record<string, unknown>;
  offered?: readonly OfferedModel[];
  requestedModel?: string;
}) {
  const endpoint = PLAYGROUND_ENDPOINTS[service];
  const [start] = useState(() =>
    offered ? startingModel(offered, service as ModelService, requestedModel) : null,
  );
  const [modelId, setModelId] = useState(start?.id);
  const [note, setNote] = useState(start?.note ?? null);
  // The list is read once a visit (models/models-api.ts): the chosen model stays among those offered.
  const chosen = offered?.find((model) => model.listed.id === modelId) ?? offered?.[0];
  const schema = (chosen?.definition.request ?? endpoint.body) as z.ZodType;
  const fields = useMemo(
    () => (chosen ? fieldsOfModel(chosen.definition) : formFieldsOf(endpoint.body as z.ZodType)),
    [chosen, endpoint],
  );
  const [values, setValues] = useState(() => {
    const given = prefill ?? endpoint.exampleBody ?? {};
    return chosen ? validValues(fields, chosen.definition.request, given) : initialValues(fields, given);
  });

  const model: ModelChoice | null =
    offered && chosen
      ? {
          offered,
          chosen,
          note,
          choose: (id) => {
            const next = offered.find((candidate) => candidate.listed.id === id);
            if (!next || next.listed.id === chosen.listed.id) return;
            const carried = bodyOf(fields, values);
            setValues(validValues(fieldsOfModel(next.definition), next.definition.request, carried));
            setModelId(id);
            setNote(null);
          },
        }
      : null;

  return {
    endpoint,
    schema,
    fields,
    values,
    setValues,
    setField: (name: string, value: FieldValue) => setValues((previous) => ({ ...previous, [name]: value })),
    /** The JSON body the form stands for, the chosen model named first. */
    bodyFor: (formValues: FormValues) => ({
      ...(chosen && { model: chosen.listed.id }),
      ...bodyOf(fields, formValues),
    }),
    /**
     * What one run costs: the chosen model's price of the variant the form's values select; LinkedIn's
     * by the posts asked for (the default pricing: a quote gives the operator's); else the service's.
     */
    cost: chosen
      ? creditsOfBody(chosen.definition, chosen.listed, bodyOf(fields, values))
      : service === 'linkedin'
        ? linkedinPriceOfForm(endpoint.cost, bodyOf(fields, values))
        : endpoint.cost,
    model,
  };
}

/** A LinkedIn form's price: the service's for the included posts, a credit more per further band. */
function linkedinPriceOfForm(serviceCredits: number, body: Record<string, unknown>): number {
  const limit = typeof body.limit === 'number' ? body.limit : undefined;
  if (limit === undefined) return serviceCredits;
  const totalPosts = typeof body.total_posts === 'number' ? body.total_posts : undefined;
  const posts = linkedinPostsAskedFor({
    limit,
    ...(totalPosts !== undefined && { total_posts: totalPosts }),
  });
  return linkedinCredits(posts, serviceCredits, DEFAULT_LINKEDIN_PRICING);
}
