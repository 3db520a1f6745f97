import { ROUTES, type Service } from '@conduit/contracts';

/** What another page may hand the playground: a body to start the service's form from. */
export interface PlaygroundState {
  prefill?: Record<string, unknown>;
}

export const SERVICE_PARAM = 'service';

export const playgroundPathFor = (service: Service) => `${ROUTES.appPlayground}?${SERVICE_PARAM}=${service}`;
