import {
  DEFAULT_MODEL,
  type ListedModel,
  listedModelOf,
  MODELS,
  type ModelDefinition,
  type ModelVariantCost,
  modelOfBody,
  modelRequestJsonSchema,
  type Service,
  variantCredits,
  variantOfRequest,
  variantsOfModel,
} from '@conduit/contracts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import { ValidationFailed } from '../../platform/errors.ts';
import { UNKNOWN_FIELD } from '../../platform/http-errors.ts';
import { creditPrices } from './credit-prices.ts';
import { modelSettings } from './schema.ts';

/** How long a process trusts the settings it read: another process's admin change shows within this. */
export const MODEL_SETTINGS_TTL_MS = 5_000;

export interface ModelState {
  model: ModelDefinition;
  enabled: boolean;
  /** The price of its default variant (the operator's, else the default). */
  credits: number;
  /** The price before the operator set one. */
  defaultCredits: number;
  /** Each variant kie prices apart and its price now, the default variant first. */
  variants: { cost: ModelVariantCost; credits: number }[];
}

/** A paid call's model, its checked body, its variant and its price (the variant's). */
export interface ResolvedCall {
  model: ModelDefinition;
  request: Record<string, unknown>;
  variant: ModelVariantCost;
  credits: number;
}

export interface ModelCatalogue {
  /** Every model with its settings, in catalogue order. */
  states(): Promise<ModelState[]>;
  /**
   * The model a body of the service names, refused (400 naming `model`) when unknown or off, and
   * the body checked against the model's own schema (400 naming the field). Nothing is charged yet.
   */
  resolve(service: 'image' | 'video', body: unknown, prefix?: string): Promise<ResolvedCall>;
  /** The enabled models as GET /api/provider/models lists them. */
  listed(): Promise<ListedModel[]>;
  /** Drops what this process read: an admin changed a model. */
  changed(): void;
}

/** What a model costs before the operator sets a price: CREDIT_PRICES over the published costs (docs/product.md, "Credit costs and packs") for the defaults. */
export function defaultCreditsOf(model: ModelDefinition, config: Pick<Config, 'CREDIT_PRICES'>): number {
  const isDefault = DEFAULT_MODEL[model.service] === model.id || model.id === 'standard';
  return isDefault ? creditPrices(config)[model.service as Service] : model.defaultCredits;
}

/** 400 VALIDATION_FAILED naming the first problem of a zod parse, `prefix.field: message`. */
export function firstIssue(
  error: { issues: { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[] },
  prefix?: string,
) {
  const issue = error.issues[0];
  // A field the model does not take is named itself, not the body around it.
  const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys?.[0] : undefined;
  const path = [...(issue?.path ?? []).map(String), ...(unknownKey === undefined ? [] : [unknownKey])];
  const field = [...(prefix ? [prefix] : []), ...path].join('.') || 'body';
  const message = unknownKey === undefined ? (issue?.message ?? 'is invalid') : UNKNOWN_FIELD;
  return new ValidationFailed(`${field}: ${message}`, field);
}

const CATALOGUES = new WeakMap<object, ModelCatalogue>();
/** The one catalogue of a server's services: the gateway prices with it, the admin routes change it. */
export function modelCatalogueOf(services: {
  db: Db;
  config: Pick<Config, 'CREDIT_PRICES'>;
}): ModelCatalogue {
  // Keyed by the database handle: the admin context is a fresh object per request, the handle is not.
  let catalogue = CATALOGUES.get(services.db);
  if (!catalogue) {
    catalogue = createModelCatalogue(services.db, services.config);
    CATALOGUES.set(services.db, catalogue);
  }
  return catalogue;
}

/** Each model's request as JSON Schema, made once: the public list answers it on every call. */
const JSON_SCHEMAS = new Map<string, Record<string, unknown>>();
const requestSchemaOf = (model: ModelDefinition) => {
  let schema = JSON_SCHEMAS.get(model.id);
  if (!schema) {
    schema = modelRequestJsonSchema(model);
    JSON_SCHEMAS.set(model.id, schema);
  }
  return schema;
};

export function createModelCatalogue(db: Db, config: Pick<Config, 'CREDIT_PRICES'>): ModelCatalogue {
  let cached: { at: number; states: Promise<ModelState[]> } | undefined;

  const read = async (): Promise<ModelState[]> => {
    const rows = await db.select().from(modelSettings);
    const byId = new Map(rows.map((row) => [row.modelId, row]));
    return MODELS.map((model) => {
      const row = byId.get(model.id);
      const defaultCredits = defaultCreditsOf(model, config);
      const credits = row?.credits ?? defaultCredits;
      return {
        model,
        enabled: row?.enabled ?? true,
        credits,
        defaultCredits,
        variants: variantsOfModel(model.id).map((cost) => ({ cost, credits: variantCredits(cost, credits) })),
      };
    });
  };

  const states = () => {
    if (!cached || Date.now() - cached.at > MODEL_SETTINGS_TTL_MS) {
      const fresh = read();
      cached = { at: Date.now(), states: fresh };
      fresh.catch(() => {
        if (cached?.states === fresh) cached = undefined;
      });
    }
    return cached.states;
  };

  return {
    states,
    async resolve(service, body, prefix) {
      const field = prefix ? `${prefix}.model` : 'model';
      const model = modelOfBody(service, body);
      const state = model && (await states()).find((candidate) => candidate.model.id === model.id);
      if (!model || !state?.enabled) {
        const enabled = (await states())
          .filter((candidate) => candidate.enabled && candidate.model.service === service)
          .map((candidate) => candidate.model.id);
        throw new ValidationFailed(
          `${field}: ${model ? 'this model is disabled' : 'no such model'}; one of ${enabled.join(', ')} (GET /api/provider/models)`,
          field,
        );
      }
      const parsed = model.request.safeParse(body);
      if (!parsed.success) throw firstIssue(parsed.error, prefix);
      const request = parsed.data as Record<string, unknown>;
      const variant = variantOfRequest(model.id, request);
      // Every body of a model is one of its variants (a unit test over the table): never priced blind.
      if (!variant) throw new Error(`No price variant of ${model.id} for this body`);
      const credits = variantCredits(variant, state.credits);
      return { model, request, variant, credits };
    },
    async listed() {
      return (await states())
        .filter((state) => state.enabled)
        .map(({ model, credits }) => ({
          ...listedModelOf(model, credits),
          requestSchema: requestSchemaOf(model),
        }));
    },
    changed() {
      cached = undefined;
    },
  };
}
