import { SERVICE_LABELS, SERVICES, type Service } from '@conduit/contracts';
import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { TabList, TabPanel, tabIds } from '../../components/ui/tab-list.tsx';
import { MODEL_PARAM, type PlaygroundState, SERVICE_PARAM } from '../../lib/playground-location.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { KeyPicker } from '../docs/key-picker.tsx';
import { ModelServicePanel } from './model-service-panel.tsx';
import { isModelService } from './models-api.ts';
import { PlaygroundKeyOffer } from './playground-key-offer.tsx';
import { ServicePanel } from './service-panel.tsx';
import { useRememberedKey } from './use-remembered-key.ts';

export const PLAYGROUND_KEY_LABEL = 'API key';
const TABS = SERVICES.map((service) => ({ id: service, label: SERVICE_LABELS[service] }));
const TAB_IDS = tabIds<Service>('playground');
const isService = (value: string | null): value is Service => SERVICES.includes(value as Service);

/**
 * /app/playground: every service from the browser. A tab per service, one key for all of them
 * (remembered), and each run goes to the public API exactly as a developer's code would.
 */
export function PlaygroundPage() {
  useDocumentTitle('Playground');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const requested = searchParams.get(SERVICE_PARAM);
  const active: Service = isService(requested) ? requested : 'image';
  // A body handed over by another page (the next page of a LinkedIn call) starts its tab's form, and
  // a model the link names (else the body's) its model.
  const [handover] = useState(() => {
    const prefill = (location.state as PlaygroundState | null)?.prefill;
    const named = searchParams.get(MODEL_PARAM) ?? prefill?.model;
    return { service: active, prefill, model: typeof named === 'string' ? named : undefined };
  });
  // The model picked in each tab, so the link follows the tab shown.
  const pickedModels = useRef<Partial<Record<Service, string>>>({});
  const show = (service: Service) => {
    const model = pickedModels.current[service];
    setSearchParams({ [SERVICE_PARAM]: service, ...(model && { [MODEL_PARAM]: model }) }, { replace: true });
  };
  const { apiKey, choose } = useRememberedKey();

  return (
    <div className="max-w-5xl space-y-6 lg:max-w-7xl">
      <PageTitle
        title="Playground"
        lead="Try each service from here: a run calls the public API with your key, exactly as your code would, and costs what the call costs."
      />
      <KeyPicker
        label={PLAYGROUND_KEY_LABEL}
        placeholderLabel={null}
        selectedId={apiKey?._id ?? null}
        onSelect={choose}
        empty={<PlaygroundKeyOffer onCreated={choose} />}
      />
      <TabList
        tabs={TABS}
        active={active}
        label="Services"
        activation="automatic"
        ids={TAB_IDS}
        onSelect={show}
      />
      {SERVICES.map((service) => {
        const prefill = service === handover.service ? handover.prefill : undefined;
        return (
          <TabPanel key={service} ids={TAB_IDS} tab={service} hidden={service !== active}>
            {isModelService(service) ? (
              <ModelServicePanel
                service={service}
                apiKey={apiKey}
                prefill={prefill}
                requestedModel={service === handover.service ? handover.model : undefined}
                onModelChosen={(model) => {
                  pickedModels.current[service] = model;
                  show(service);
                }}
              />
            ) : (
              <ServicePanel service={service} apiKey={apiKey} prefill={prefill} />
            )}
          </TabPanel>
        );
      })}
    </div>
  );
}
