import { type ListedModel, MODEL_SHARED_FIELDS, MODELS_PATH } from '@conduit/contracts';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { useModelList } from '../models/models-api.ts';
import { Code, DocSection, DocTable } from './docs-prose.tsx';
import { MODELS_ANCHOR } from './docs-tabs.ts';
import { type JsonSchema, jsonSchemaFields } from './schema-fields.ts';

const SHARED = new Set(MODEL_SHARED_FIELDS);

/** A model's own body fields (beyond `model`, `prompt` and the fields every call takes), in words. */
export function ownFieldsOf(model: Pick<ListedModel, 'requestSchema'>) {
  return jsonSchemaFields(model.requestSchema as JsonSchema)
    .filter((field) => !SHARED.has(field.name))
    .map((field) => ({
      name: field.name,
      // Its limits, or its type when it has none (a switch): then its default.
      detail: [
        ...(field.limits.length > 0 ? field.limits : [field.type]),
        ...(field.defaultValue === null ? [] : [`default ${field.defaultValue}`]),
      ].join('; '),
    }));
}

const minutes = (seconds: number) => `${formatQuantity(Math.round(seconds / 60), 'minute')}`;

function ModelsTable({ models }: { models: readonly ListedModel[] }) {
  return (
    <DocTable
      label="Models"
      columns={['Model', 'Price', 'Capabilities', 'Its own fields', 'Longest task']}
      wideOnPhones={[3]}
      rows={models.map((model) => ({
        key: model.id,
        cells: [
          <span key="model" className="block min-w-36">
            <code className="font-mono font-semibold">{model.id}</code>
            <span className="mt-0.5 block text-muted">
              {model.name}
              {model.isDefault ? ` · default ${model.service} model` : ''}
            </span>
          </span>,
          <span key="price" className="block">
            <span className="whitespace-nowrap font-medium">{formatQuantity(model.credits, 'credit')}</span>
            {(model.variants ?? []).length > 1 ? (
              <ul className="mt-0.5 space-y-0.5 text-muted">
                {model.variants.map((variant) => (
                  <li key={variant.variant} className="whitespace-nowrap">
                    {variant.label}: {formatQuantity(variant.credits, 'credit')}
                  </li>
                ))}
              </ul>
            ) : null}
          </span>,
          <span key="capabilities" className="text-muted">
            {model.capabilities.join(', ')}
          </span>,
          <ul key="fields" className="space-y-1">
            {ownFieldsOf(model).map((field) => (
              <li key={field.name} className="break-words">
                <code className="font-mono">{field.name}</code>
                {field.detail ? <span className="text-muted">: {field.detail}</span> : null}
              </li>
            ))}
          </ul>,
          <span key="longest" className="whitespace-nowrap">
            {minutes(model.maxDurationS)}
          </span>,
        ],
      }))}
    />
  );
}

/**
 * Models: what GET /api/provider/models answers now (the operator's prices, the enabled models),
 * so the table cannot differ from what a call is charged.
 */
export function ModelsSection() {
  const models = useModelList();
  return (
    <DocSection id={MODELS_ANCHOR} title="Models">
      <p>
        The image and video calls take a <Code>model</Code>: send its id in the body, or none for the
        service's default. Each model costs its own price and takes its own fields besides <Code>prompt</Code>
        ; a field the model does not take is refused with a 400, nothing charged. Where a field changes what
        the model costs (duration, resolution, sound, quality), each value has its price: the call, its quote
        and its <Code>maxCredits</Code> are measured by it. This table is <Code>GET {MODELS_PATH}</Code>,
        which also gives each body as JSON Schema.
      </p>
      {models.data ? (
        <ModelsTable models={models.data} />
      ) : models.isError ? (
        <QueryLoadError query={models} message="Could not load the models." />
      ) : (
        <RowsSkeleton rows={4} rowClassName="h-12 rounded-xl" />
      )}
    </DocSection>
  );
}
