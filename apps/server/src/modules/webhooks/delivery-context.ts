import type { Services } from '../../platform/services.ts';
import type { EventHooks } from '../events/record-event.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { mailEndpointDisabled } from './endpoint-disabled-mail.ts';
import type { TestEventContext } from './send-test-event.ts';

/** What delivering, resending and test events need, read from the services at each use. */
export function createDeliveryContext(
  services: Services,
  urlGuard: UrlGuard,
  hooks: EventHooks = {},
): TestEventContext {
  return {
    db: services.db,
    // Read at each use, so a test that moves services.clock moves deliveries and schedules too.
    clock: { now: () => services.clock.now() },
    sessionSecret: services.sessionSecret,
    urlGuard,
    publicUrl: services.config.PUBLIC_URL,
    hooks,
    onEndpointDisabled: async (workspaceId, url) => {
      services.log.warn({ workspaceId }, 'webhook endpoint switched off after failing for days');
      await mailEndpointDisabled(services, workspaceId, url).catch((error) =>
        services.log.error(
          { err: error, workspaceId },
          'could not mail that the webhook endpoint was switched off',
        ),
      );
    },
  };
}
