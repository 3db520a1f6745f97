import { type ListedModelSummary, ROUTES } from '@conduit/contracts';
import { Link } from 'react-router';
import { docsTabHref, MODELS_ANCHOR } from '../docs/docs-tabs.ts';
import { useModelPrices } from '../models/models-api.ts';
import { costLabel, creditLabel, SERVICES } from './services.ts';

const GROUPS = [
  { service: 'image', title: 'Image models', unit: 'image' },
  { service: 'video', title: 'Video models', unit: 'video' },
] as const;
/** The services without models: one price each, as the services above show it. */
const SINGLE_PRICED = SERVICES.filter(
  (service) => service.key === 'soraWatermarkRemover' || service.key === 'linkedinScraping',
);
const MODELS_DOCS = docsTabHref(ROUTES.docs, 'tasks', MODELS_ANCHOR);

function ModelRow({ model }: { model: ListedModelSummary }) {
  return (
    <li data-model={model.id} className="flex items-center justify-between gap-4 py-3">
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-fg">{model.name}</span>
          {model.isDefault ? (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-text text-xs">
              Default
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 block break-all font-mono text-muted text-xs">{model.id}</span>
      </span>
      <span className="shrink-0 font-medium text-fg text-sm">{creditLabel(model.credits)}</span>
    </li>
  );
}

/**
 * The price of a call by model: the catalogue at its default prices as prerendered, then the
 * operator's prices and enabled models once GET /api/provider/models answers.
 */
export function ModelPrices() {
  const models = useModelPrices();
  return (
    <div className="mt-20">
      <div className="mx-auto max-w-2xl text-center">
        <h3 id="model-prices" className="font-semibold text-2xl text-fg tracking-tight">
          Price per call, by model
        </h3>
        <p className="mt-3 text-pretty text-muted">
          Images and videos cost what their model costs; a call that names no model uses the default.
        </p>
      </div>
      <div className="mx-auto mt-10 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-2">
        {GROUPS.map((group) => (
          <section
            key={group.service}
            aria-labelledby={`models-${group.service}`}
            className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8"
          >
            <h4 id={`models-${group.service}`} className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-fg text-lg">{group.title}</span>
              <span className="text-muted text-sm">credits per {group.unit}</span>
            </h4>
            <ul className="mt-3 divide-y divide-border">
              {models
                .filter((model) => model.service === group.service)
                .map((model) => (
                  <ModelRow key={model.id} model={model} />
                ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-8 text-center text-muted text-sm">
        {SINGLE_PRICED.map((service) => `${service.title}: ${costLabel(service)}`).join(' · ')}.{' '}
        <Link to={MODELS_DOCS} className="text-primary-text underline underline-offset-2">
          Each model's fields and limits
        </Link>
      </p>
    </div>
  );
}
