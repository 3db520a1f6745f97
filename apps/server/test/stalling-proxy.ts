import { connect, createServer, type Server, type Socket } from 'node:net';

export interface StallingProxy {
  port: number;
  /** The same URL with this proxy's port: clients reach the target through the proxy. */
  through(url: string): string;
  /** The target stops answering: bytes sent on open or new connections go nowhere, no error. */
  stall(): void;
  /** The outage ends: connections held during it are reset, new ones reach the target again. */
  resume(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of a real PostgreSQL or Redis that can make it stop answering. */
export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let isStalled = false;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => open.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    if (isStalled) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (!isStalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!isStalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    stall() {
      isStalled = true;
    },
    resume() {
      isStalled = false;
      // Every connection open during the outage has lost bytes: reset it, as a long partition would.
      for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
