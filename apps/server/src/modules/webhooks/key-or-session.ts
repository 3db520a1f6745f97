import { API_KEY_PREFIXES, type WorkspaceAction } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { createKeyAuthenticator, presentedKey } from '../provider/authenticate-key.ts';
import { assertKeyControls } from '../provider/key-refusals.ts';

/**
 * The API key a request carries, read as the REST API reads it (presentedKey: X-API-Key, or
 * `Authorization: Bearer <key>`). A Bearer token that is not shaped like a key is left to the
 * session check.
 */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = presentedKey(request.headers);
  if (key === undefined || request.headers['x-api-key'] === key) return key;
  return Object.values(API_KEY_PREFIXES).some((prefix) => key.startsWith(prefix)) ? key : undefined;
}

/**
 * Routes a developer's tools call as well as the app (the delivery log, resend, test events, the
 * signing secret, the event stream): an API key acts for its workspace, with its controls
 * (expiry, IP allow-list) checked on every request; without one, the session cookie as usual.
 */
export function createKeyOrSession(services: Services) {
  const authenticator = createKeyAuthenticator(services.pool, services.clock);
  const sessionHook = requireUser(services);
  return {
    async preHandler(request: FastifyRequest) {
      const key = apiKeyOf(request);
      if (!key) return sessionHook(request);
      const identity = await authenticator.authenticate(key, request.ip, { isFresh: true });
      assertKeyControls(identity, null, request.ip, services.clock.now());
      request.apiKey = identity;
    },
    /** The workspace the request acts on: the key's, or the session's when it may do `action`. */
    workspaceOf(request: FastifyRequest, action: WorkspaceAction): string {
      return request.apiKey ? request.apiKey.workspaceId : workspaceFor(request, action).id;
    },
  };
}
