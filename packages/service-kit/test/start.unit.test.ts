import net from 'node:net';
import { createServiceApp, startWith, whileStarting } from '@corestone/service-kit';

const newApp = () => createServiceApp({ name: 'start-test', logLevel: 'silent' });

describe('startWith (the shape of every startService)', () => {
  it('closes what the wiring opened when it fails, and throws the wiring error', async () => {
    const closed: string[] = [];
    const failure = new Error('consumer could not start');
    await expect(
      startWith(async (lifecycle) => {
        lifecycle.onClose('postgres', async () => closed.push('postgres'));
        lifecycle.onClose('nats', async () => closed.push('nats'));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(closed).toEqual(['nats', 'postgres']);
  });

  it('stop() closes the app first, then the rest in reverse order, once however often it is called', async () => {
    const order: string[] = [];
    const service = await startWith(async (lifecycle) => {
      lifecycle.onClose('postgres', async () => order.push('postgres'));
      lifecycle.onClose('consumer', async () => order.push('consumer'));
      const app = newApp();
      app.addHook('onClose', async () => {
        order.push('app');
      });
      await app.ready();
      return { app, extra: 42 };
    });
    expect(service.extra).toBe(42);
    expect((await service.app.inject({ url: '/livez' })).statusCode).toBe(200);
    await Promise.all([service.stop(), service.stop()]);
    await service.stop();
    expect(order).toEqual(['app', 'consumer', 'postgres']);
  });
});

/** A port free on loopback a moment ago. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('whileStarting (the port while a service starts)', () => {
  it('answers /livez 200 and everything else 503 until the start is done, then gives the port back', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const seen = await whileStarting({ port, host: '127.0.0.1' }, async () => {
      const live = await fetch(`${url}/livez`);
      const ready = await fetch(`${url}/readyz`);
      return { live: [live.status, await live.json()], ready: [ready.status, await ready.json(), ready.headers.get('retry-after')] };
    });
    expect(seen).toEqual({
      live: [200, { status: 'starting' }],
      ready: [503, { detail: 'The service is briefly unavailable; try again in a moment.', code: 'SERVICE_UNAVAILABLE' }, '1'],
    });
    // the app can listen on the port at once
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => server.close(r));
  });

  it('gives the port back when the start fails too, and passes the failure on', async () => {
    const port = await freePort();
    const failure = new Error('NATS not reachable');
    await expect(whileStarting({ port, host: '127.0.0.1' }, async () => Promise.reject(failure))).rejects.toBe(failure);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => server.close(r));
  });
});
