/** A store away (PostgreSQL restarting, a connection cut mid-query) is a 503 envelope, never a 500. */
import { createServiceApp, isInfrastructureDown } from '@corestone/service-kit';

const failing = (err: unknown) => {
  const app = createServiceApp({ name: 'store-away-test', logLevel: 'silent' });
  app.get('/boom', async () => {
    throw err;
  });
  return app;
};

test.each([
  ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' })],
  ['cannot connect now', Object.assign(new Error('the database system is starting up'), { code: '57P03', severity: 'FATAL' })],
  ['connection cut mid-query', new Error('Connection terminated unexpectedly')],
])('%s: 503 with the envelope', async (_name, err) => {
  const app = failing(err);
  const res = await app.inject({ method: 'GET', url: '/boom' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ detail: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  expect(res.headers['retry-after']).toBe('1');
  await app.close();
});

test('anything else stays a 500 (a bug, not an outage)', async () => {
  expect(isInfrastructureDown(new TypeError('x is undefined'))).toBe(false);
  expect(isInfrastructureDown(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }))).toBe(false);
  const app = failing(new TypeError('x is undefined'));
  expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
  await app.close();
});
