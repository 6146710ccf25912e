/**
 * Every route a running service exposes (its /openapi.json) has a policy declared in contracts'
 * ROUTE_POLICY, which is what the gateway routes, guards and limits by. A route added without a
 * declaration fails here.
 */
import { ROUTE_POLICY, declaredPolicy } from '@corestone/contracts';
import { startTestPlatform, type TestPlatform } from '../support/platform';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.shutdown();
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Operation = { security?: unknown[] };

/** Every operation of every running service that has routes behind the gateway. */
async function exposedRoutes(): Promise<Array<{ service: string; method: string; path: string; op: Operation }>> {
  const running = Object.keys(ROUTE_POLICY).filter((service) => service in p.urls);
  expect(running).toEqual(expect.arrayContaining(['auth', 'users', 'evaluation', 'rubric', 'billing']));
  const routes = [];
  for (const service of running) {
    const res = await fetch(`${p.urls[service as keyof typeof p.urls]}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item).filter((m) => METHODS.includes(m))) routes.push({ service, method, path, op: item[method] });
    }
  }
  return routes;
}

it('finds a declared policy for every route of every service', async () => {
  const routes = await exposedRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const undeclared = routes
    .filter((r) => !declaredPolicy(r.service, r.method, r.path))
    .map((r) => `${r.service}: ${r.method.toUpperCase()} ${r.path}`);
  expect(undeclared).toEqual([]);
});

it('declares public exactly the routes the services document as needing no token', async () => {
  const mismatched = [];
  for (const r of await exposedRoutes()) {
    const policy = declaredPolicy(r.service, r.method, r.path);
    if (!policy) continue; // reported above
    const serviceSaysPublic = !r.op.security?.length;
    if ((policy.access === 'public') !== serviceSaysPublic) {
      mismatched.push(
        `${r.service}: ${r.method.toUpperCase()} ${r.path} is ${serviceSaysPublic ? 'public' : 'protected'} in the service, declared ${JSON.stringify(policy.access)} (${policy.path})`,
      );
    }
  }
  expect(mismatched).toEqual([]);
});

it('declares nothing for grading, which has no HTTP routes behind the gateway', async () => {
  const res = await fetch(`${p.urls.grading}/openapi.json`);
  const doc = (await res.json()) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toEqual([]);
  expect('grading' in ROUTE_POLICY).toBe(false);
});
