/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL, Redis) that a test can freeze, to stand for a
 * stalled server or network (connections stay open, no byte moves either way), and stop, to stand for a
 * server that is gone (connections reset, new ones refused). The shared servers themselves are never touched.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The target URL with its host and port replaced by the proxy's. */
  url: string;
  port: number;
  /** Stops forwarding bytes both ways; connections stay open and new ones are accepted and held. */
  freeze(): void;
  /** Forwards again, held bytes included. */
  thaw(): void;
  /** Resets every connection and stops listening: connecting is refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || (target.protocol.startsWith('redis') ? 6379 : 5432));
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  const pipe = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!frozen) from.resume();
    });
  };
  const listen = async (): Promise<void> => {
    server = createServer((client) => {
      const upstream = connect({ host: target.hostname, port: targetPort });
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      if (frozen) {
        client.pause();
        upstream.pause();
      }
      pipe(client, upstream);
      pipe(upstream, client);
      const end = (): void => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      for (const s of pair) {
        s.on('error', end);
        s.on('close', end);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', resolve);
    });
    port = (server.address() as { port: number }).port;
  };
  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const proxy: TcpProxy = {
    url: url.toString(),
    port,
    freeze() {
      frozen = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async stop() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const [a, b] of pairs) {
        a.resetAndDestroy();
        b.destroy();
      }
      pairs.clear();
      server = undefined;
      await closed;
    },
    start: listen,
    async close() {
      frozen = false;
      await proxy.stop();
    },
  };
  return proxy;
}
