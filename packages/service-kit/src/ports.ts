import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free ports: every probe stays open until all are chosen, so the OS cannot hand
 * the same port out twice (two services on one port: the second fails with EADDRINUSE while the
 * first answers its readiness check — seen once as a 404 from the wrong service).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const srv = net.createServer();
      srv.unref();
      servers.push(srv);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          srv.once('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port));
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((srv) => new Promise<void>((r) => srv.close(() => r()))));
  }
}
