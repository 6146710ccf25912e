import { createServiceApp, startWith } from '@corestone/service-kit';

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
