import { type CallModel, modelRowLabel, SERVICE_LABELS, type Service } from '@conduit/contracts';

/**
 * A per-model row's name (docs/product.md, "Usage by model"): the model's display name with its
 * service under it; Sora and LinkedIn, which have no models, by their service alone.
 */
export function ModelName({ service, model }: { service: Service; model: CallModel | null }) {
  return (
    <>
      {modelRowLabel({ service, model })}
      {model && <span className="block font-normal text-muted text-xs">{SERVICE_LABELS[service]}</span>}
    </>
  );
}
