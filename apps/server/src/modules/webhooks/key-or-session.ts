import { API_KEY_PREFIX, type WorkspaceAction } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { createKeyAuthenticator } from '../provider/authenticate-key.ts';
import { assertKeyControls } from '../provider/key-refusals.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';

/** The API key a request carries: `X-API-Key`, or `Authorization: Bearer cnd_live_...`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) {
    const token = bearer.slice('Bearer '.length).trim();
    if (token.startsWith(API_KEY_PREFIX)) return token;
  }
  return undefined;
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
