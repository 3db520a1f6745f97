import { ROUTES, type Service } from '@conduit/contracts';

/** What another page may hand the playground: a body to start the service's form from (its `model` too). */
export interface PlaygroundState {
  prefill?: Record<string, unknown>;
}

export const SERVICE_PARAM = 'service';
/** The image or video model the tab shows: set when one is picked, so the link and a reload keep it. */
export const MODEL_PARAM = 'model';

export const playgroundPathFor = (service: Service, model?: string) =>
  `${ROUTES.appPlayground}?${new URLSearchParams({ [SERVICE_PARAM]: service, ...(model && { [MODEL_PARAM]: model }) })}`;
