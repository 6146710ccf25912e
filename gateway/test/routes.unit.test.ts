import { ROUTE_POLICY, type ServiceRoutes } from '@corestone/contracts';
import { corsOrigins, parseTrustProxy } from '../src/config';
import { RouteTable, reachablePolicies } from '../src/domain/route-table';
import { redactUrl } from '@corestone/service-kit';
import { queryCarriesToken } from '../src/domain/urls';
import { mergeOpenApi } from '../src/domain/openapi';
import { cacheControlFor } from '../src/routes/frontends';

const table = new RouteTable();
const isPublic = (method: string, path: string) => table.lookup(method, path)?.public === true;

describe('route table built from ROUTE_POLICY', () => {
  it('maps every prefix to its owner, the longest prefix winning', () => {
    expect(table.ownerOf('/auth/login')).toBe('auth');
    expect(table.ownerOf('/users/me')).toBe('users');
    expect(table.ownerOf('/users/update-password')).toBe('auth');
    expect(table.ownerOf('/users/admin/create-user')).toBe('auth');
    expect(table.ownerOf('/users/update-passwords')).toBe('users');
    expect(table.ownerOf('/dashboard/stats')).toBe('evaluation');
    expect(table.ownerOf('/subscribe/use-credit')).toBe('billing');
    expect(table.ownerOf('/rubrics')).toBe('rubric');
    expect(table.ownerOf('/general/privacy')).toBe('content');
    expect(table.ownerOf('/external_links/public')).toBe('links');
    expect(table.ownerOf('/rubricsx')).toBeNull();
    expect(table.ownerOf('/grading/jobs')).toBeNull();
    expect(table.ownerOf('/')).toBeNull();
    for (const [path, service] of [
      ['/users/update-password', 'auth'],
      ['/users/update-passwordx', 'users'],
      ['/users/admin/create-user/x', 'auth'],
    ]) {
      expect([path, table.lookup('PUT', path)?.service]).toEqual([path, service]);
    }
  });

  it('knows the public routes by method, the most specific declaration winning', () => {
    expect(isPublic('POST', '/auth/login')).toBe(true);
    expect(isPublic('GET', '/auth/login')).toBe(false);
    expect(isPublic('POST', '/auth/logout')).toBe(false);
    expect(isPublic('GET', '/general/privacy')).toBe(true);
    expect(isPublic('HEAD', '/general/privacy')).toBe(true);
    expect(isPublic('PUT', '/general/privacy')).toBe(false);
    expect(isPublic('POST', '/external_links/0190/click')).toBe(true);
    expect(isPublic('POST', '/external_links/0190/click/x')).toBe(false);
    expect(isPublic('GET', '/external_links/0190')).toBe(false);
    expect(isPublic('GET', '/external_links/public')).toBe(true);
    expect(isPublic('GET', '/plans')).toBe(true);
    expect(isPublic('DELETE', '/plans/x/y')).toBe(true);
    expect(isPublic('GET', '/plansx')).toBe(false);
    expect(isPublic('HEAD', '/users/avatars/a.png')).toBe(true);
    expect(isPublic('GET', '/users/avatars/a/b.png')).toBe(false);
    expect(isPublic('GET', '/users/me')).toBe(false);
    expect(isPublic('GET', '/users/me/')).toBe(false);
    expect(isPublic('GET', '/auth/%6Cogin')).toBe(false); // the path as the service reads it: POST only
    expect(isPublic('POST', '/auth/%6Cogin')).toBe(true);
  });

  it('treats undeclared paths under a prefix as protected, and paths nobody owns as none', () => {
    expect(table.lookup('GET', '/evaluation/x/y/z')).toEqual({
      service: 'evaluation',
      policy: null,
      public: false,
      body: 'default',
      rate: null,
    });
    expect(table.lookup('GET', '/dashboard')).toMatchObject({ service: 'evaluation', public: false });
    expect(table.lookup('GET', '/users/%E0%A4%A')).toMatchObject({ service: 'users', public: false }); // malformed escape
    expect(table.lookup('GET', '/nothing')).toBeNull();
    expect(table.lookup('GET', `/users/avatars/${'x'.repeat(5000)}`)).toMatchObject({ public: true });
  });

  it('classifies bodies and budgets', () => {
    expect(table.lookup('POST', '/evaluation/evaluate-async')?.body).toBe('upload');
    expect(table.lookup('GET', '/evaluation/evaluate-async')?.body).toBe('default');
    expect(table.lookup('POST', '/rubrics/process-file')?.body).toBe('upload');
    expect(table.lookup('POST', '/users/me/avatar')?.body).toBe('avatar');
    expect(table.lookup('POST', '/users/me')?.body).toBe('default');
    expect(table.lookup('POST', '/auth/login')?.rate).toBe('login');
    expect(table.lookup('POST', '/auth/signup')?.rate).toBe('signup');
    expect(table.lookup('GET', '/auth/signup')?.rate).toBeNull();
  });

  it('lists the routes whose bodies carry passwords, with their owners', () => {
    expect(table.passwordRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/auth/login', service: 'auth' },
        { method: 'PUT', path: '/users/update-password', service: 'auth' },
        { method: 'POST', path: '/users/admin/create-user', service: 'auth' },
      ]),
    );
    expect(table.passwordRoutes).toHaveLength(6);
  });

  it('leaves out the services it has no address for', () => {
    const some = new RouteTable(reachablePolicies({ auth: 'http://a', users: 'http://u', content: undefined }));
    expect(some.lookup('GET', '/general/privacy')).toBeNull();
    expect(some.lookup('GET', '/users/me')?.service).toBe('users');
    expect(some.upstreams.map((u) => u.service).sort()).toEqual(['auth', 'auth', 'auth', 'users']);
  });

  it("refuses a declaration outside its service's prefixes", () => {
    const bad: Record<string, ServiceRoutes> = {
      users: { prefixes: ['/users'], routes: [] },
      auth: { prefixes: ['/auth'], routes: [{ method: 'GET', path: '/users/me', access: 'public' }] },
    };
    expect(() => new RouteTable(bad)).toThrow(/auth declares \/users\/me, but that path belongs to users/);
    expect(() => new RouteTable({ ...ROUTE_POLICY })).not.toThrow();
  });

  it("reads a {name} segment of a prefix as any one segment (a school's credits are billing's, the rest of /schools not)", () => {
    const withSchools = new RouteTable({
      ...ROUTE_POLICY,
      schools: { prefixes: ['/schools', '/classes'], routes: [{ method: 'GET', path: '/schools/{id}', access: 'signed_in' }] },
    });
    for (const t of [withSchools, table]) {
      expect(t.ownerOf('/schools/0190-a/credits')).toBe('billing');
      expect(t.lookup('POST', '/schools/0190-a/credits')).toMatchObject({ service: 'billing', public: false });
      expect(t.lookup('POST', '/schools/0190-a/credits')?.policy?.access).toEqual(['super_admin']);
      expect(t.lookup('GET', '/schools/0190-a/credits')).toMatchObject({ service: 'billing', policy: { access: 'signed_in' } });
    }
    expect(withSchools.ownerOf('/schools')).toBe('schools');
    expect(withSchools.ownerOf('/schools/0190-a')).toBe('schools');
    expect(withSchools.ownerOf('/schools/0190-a/members')).toBe('schools');
    expect(withSchools.ownerOf('/schools/0190-a/creditsx')).toBe('schools');
    expect(withSchools.ownerOf('/schools//credits')).toBe('schools');
    expect(withSchools.lookup('GET', '/schools/0190-a/members')?.service).toBe('schools');
    expect(withSchools.lookup('GET', '/schools/0190-a')?.service).toBe('schools');
    expect(withSchools.lookup('GET', '/classes/x/members')?.service).toBe('schools');
  });
});

describe('secrets in URLs', () => {
  it('spots token parameters and redacts secret values for logs', () => {
    expect(queryCarriesToken('access_token=x')).toBe(true);
    expect(queryCarriesToken('a=1&Token=x')).toBe(true);
    expect(queryCarriesToken('status=completed&tokens=2')).toBe(false);
    expect(redactUrl('/cb?access_token=abc&oauth=success&refresh_token=def')).toBe(
      '/cb?access_token=%5BREDACTED%5D&oauth=success&refresh_token=%5BREDACTED%5D',
    );
    expect(redactUrl('/api/v1/auth/google/callback?code=xyz&state=1')).not.toContain('xyz');
    expect(redactUrl('/plain?status=1')).toBe('/plain?status=1');
  });
});

describe('config', () => {
  it('reads TRUST_PROXY', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('builds the exact CORS origins', () => {
    expect(corsOrigins({ CORS_ORIGINS: '', PUBLIC_BASE_URL: 'https://app.example.org/some/path' })).toEqual(['https://app.example.org']);
    expect(corsOrigins({ CORS_ORIGINS: 'http://a.test:3000/, https://b.test', PUBLIC_BASE_URL: 'x' })).toEqual([
      'http://a.test:3000',
      'https://b.test',
    ]);
  });
});

describe('openapi merge', () => {
  it('keeps only the paths the gateway routes to each service, under /api/v1, tagged', () => {
    const doc = mergeOpenApi(
      table,
      [
        {
          service: 'users',
          doc: { paths: { '/users/me': { get: { summary: 'me' } }, '/users/update-password': { put: {} }, '/readyz': { get: {} } } },
        },
        {
          service: 'auth',
          doc: { paths: { '/users/update-password': { put: { summary: 'pw' } }, '/auth/login': { post: {}, parameters: {} as never } } },
        },
      ],
      ['billing'],
    );
    expect(Object.keys(doc.paths!).sort()).toEqual(['/api/v1/auth/login', '/api/v1/users/me', '/api/v1/users/update-password']);
    expect(doc.paths!['/api/v1/users/update-password'].put).toMatchObject({ summary: 'pw', tags: ['auth'] });
    expect(doc.paths!['/api/v1/auth/login'].post.security).toEqual([]);
    expect(doc.paths!['/api/v1/users/me'].get.security).toEqual([{ bearer: [] }]);
    expect(String(doc.info!.description)).toContain('billing');
  });
});

it('caches only content-hashed files for good', () => {
  expect(cacheControlFor('/x/217.0a1b2c3d.js')).toContain('immutable');
  expect(cacheControlFor('/x/main.js')).toBe('no-cache');
  expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
  expect(cacheControlFor('/x/index.html')).toBe('no-cache');
});
