import { LIVEMODE_HEADER, livemodeOfHeader } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { KeyIdentity } from './authenticate-key.ts';

/*
 * Test mode's separation of data (packages/contracts test-mode.ts, docs/product.md, "Test mode"): a test key
 * sees only test tasks, requests, events and usage, a live key only live ones, and a task of the
 * other mode is a 404 as another workspace's is. The web app's session chooses with the
 * `Conduit-Livemode: false` header its "View test data" switch sends.
 */

/** A task the key may read: its workspace's, of its own mode. */
export const isOwnTask = (
  identity: Pick<KeyIdentity, 'workspaceId' | 'livemode'>,
  task: { workspaceId: string; livemode: boolean },
) => task.workspaceId === identity.workspaceId && task.livemode === identity.livemode;

/**
 * The mode a read shows: a key's own; a session's by its Conduit-Livemode header, or its
 * `livemode=false` query parameter where a header cannot be sent (the browser's EventSource, a
 * CSV link): live without either.
 */
export function readLivemode(request: FastifyRequest): boolean {
  const key = (request as { apiKey?: KeyIdentity }).apiKey;
  if (key) return key.livemode;
  const query = new URL(request.url, 'http://localhost').searchParams.get('livemode');
  return livemodeOfHeader(request.headers[LIVEMODE_HEADER]) && livemodeOfHeader(query ?? undefined);
}
