import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';

/** A TCP proxy in front of a test database, which a test can cut to make the database unreachable for a service. */
export interface DatabaseProxy {
  /** The database's URL through the proxy. */
  readonly url: string;
  /** From now on the database is unreachable: open connections are reset, new ones refused. */
  cut(): Promise<void>;
  /** The database is reachable again, on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a loopback proxy to the server of `databaseUrl`. A service started on {@link DatabaseProxy.url} works as on the
 * database itself until {@link DatabaseProxy.cut}: then it meets what a lost database server gives (connections reset,
 * then refused), without touching the shared server.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  let listening = true;
  const cut = async () => {
    if (!listening) return;
    listening = false;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await stopped;
  };
  const restore = async () => {
    if (listening) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    listening = true;
  };
  return { url: proxied.toString(), cut, restore, close: cut };
}
