import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long connections that stay open (idle keep-alive) may still send one more request. */
export const OPEN_CONNECTION_GRACE_MS = 2_000;

export interface Lifecycle {
  /** Set on SIGTERM: /readyz answers 503 and every answer closes its connection. */
  isDraining: boolean;
  /** Ends answers that never end by themselves (event streams), so a stop need not wait for them. */
  endStreams: Set<() => void>;
}

export const createLifecycle = (): Lifecycle => ({ isDraining: false, endStreams: new Set() });

/**
 * Stops accepting connections but, unlike http.Server#close, does not cut idle keep-alive
 * connections: a client may be writing a request on one at this very moment. While draining,
 * every answer carries `Connection: close`, so each open connection ends after its next answer;
 * this waits for them up to `graceMs` (the cluster primary routes new connections elsewhere
 * as soon as this process stops listening). Event streams are ended once the listener is
 * closed, so their browsers reconnect to another process instead of this one.
 */
export async function stopAccepting(
  server: Server,
  lifecycle?: Lifecycle,
  graceMs = OPEN_CONNECTION_GRACE_MS,
): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    NetServer.prototype.close.call(server, () => resolve());
    for (const endStreams of lifecycle?.endStreams ?? []) endStreams();
    const until = Date.now() + graceMs;
    const check = () =>
      server.getConnections((error, count) => {
        if (error || count === 0 || Date.now() >= until) resolve();
        else setTimeout(check, 25);
      });
    check();
  });
}
