import type { ApiKey } from '@conduit/contracts';
import { useMemo } from 'react';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { useModelList } from '../models/models-api.ts';
import { type ModelService, offeredModels } from './models-api.ts';
import { ServicePanel } from './service-panel.tsx';

export const MODELS_LOAD_FAILED = 'Could not load the models.';

/** The image or video tab: its form once the enabled models and their prices are known. */
export function ModelServicePanel({
  service,
  apiKey,
  prefill,
  requestedModel,
  onModelChosen,
}: {
  service: ModelService;
  apiKey: ApiKey | null;
  prefill?: Record<string, unknown>;
  requestedModel?: string;
  onModelChosen: (id: string) => void;
}) {
  const models = useModelList();
  const offered = useMemo(() => offeredModels(models.data ?? [], service), [models.data, service]);
  if (models.isPending) return <p className="text-muted text-sm">Loading the models...</p>;
  if (models.isError) return <QueryLoadError query={models} message={MODELS_LOAD_FAILED} />;
  if (offered.length === 0) {
    return (
      <p className="rounded-2xl border border-border border-dashed p-5 text-muted text-sm">
        No {service} model is offered at the moment.
      </p>
    );
  }
  return (
    <ServicePanel
      service={service}
      apiKey={apiKey}
      prefill={prefill}
      offered={offered}
      requestedModel={requestedModel}
      onModelChosen={onModelChosen}
    />
  );
}
