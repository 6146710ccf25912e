import { ROUTE_POLICY, declaredPolicy, policyMethods, type RoutePolicy, type ServiceRoutes } from '../src';

const all = Object.entries(ROUTE_POLICY as Record<string, ServiceRoutes>).flatMap(([service, s]) =>
  s.routes.map((r: RoutePolicy) => ({ service, ...r })),
);

describe('ROUTE_POLICY', () => {
  it('writes every path the one way: from /, `{param}` segments, `/*` only at the end', () => {
    for (const { path } of all) {
      expect([path, /^(\/([a-z0-9_.-]+|\{[a-z_]+\}))+(\/\*)?$/i.test(path)]).toEqual([path, true]);
    }
  });

  it('declares each method and path once', () => {
    const seen = new Set<string>();
    for (const r of all) {
      for (const method of policyMethods(r)) {
        const key = `${method} ${r.path.replace(/\{[^}]*\}/g, '{}')}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
  });

  it("keeps each declaration under one of its own service's prefixes", () => {
    for (const { service, path } of all) {
      const prefixes = (ROUTE_POLICY as Record<string, ServiceRoutes>)[service].prefixes;
      const base = path.replace(/\/\*$/, '');
      expect([service, path, prefixes.some((p) => base === p || base.startsWith(`${p}/`))]).toEqual([service, path, true]);
    }
  });

  it('gives a password route only to auth, and rate classes only to public routes', () => {
    for (const r of all) {
      if (r.passwords) expect([r.path, r.service]).toEqual([r.path, 'auth']);
      if (r.rate) expect([r.path, r.access]).toEqual([r.path, 'public']);
    }
  });
});

describe('declaredPolicy', () => {
  it('finds the declaration of a route by method and pattern, parameters named freely', () => {
    expect(declaredPolicy('evaluation', 'get', '/evaluation/{evaluationId}')?.path).toBe('/evaluation/{id}');
    expect(declaredPolicy('evaluation', 'HEAD', '/evaluation/{id}')?.path).toBe('/evaluation/{id}');
    expect(declaredPolicy('auth', 'post', '/users/admin/create-user')?.access).toEqual(['admin', 'super_admin']);
  });

  it('lets a `/*` declaration cover what is below it, and nothing else covers an undeclared route', () => {
    expect(declaredPolicy('billing', 'delete', '/plans/{id}')?.path).toBe('/plans/*');
    expect(declaredPolicy('billing', 'get', '/plans')?.path).toBe('/plans/*');
    expect(declaredPolicy('links', 'get', '/external_links/export')?.path).toBe('/external_links/*');
    expect(declaredPolicy('evaluation', 'get', '/evaluation/{id}/report')).toBeUndefined();
    expect(declaredPolicy('evaluation', 'get', '/evaluation/stats')).toBeUndefined(); // `{id}` does not cover a fixed segment
    expect(declaredPolicy('users', 'post', '/users/me')).toBeUndefined();
    expect(declaredPolicy('users', 'get', '/users/update-password')).toBeUndefined(); // auth's, not users'
    expect(declaredPolicy('grading', 'get', '/anything')).toBeUndefined();
  });
});
