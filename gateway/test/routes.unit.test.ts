import { AUTH_OWNED_USER_PATHS } from '@corestone/contracts';
import { corsOrigins, parseTrustProxy } from '../src/config';
import { addressBudget, bodyClass, isPublic, ownerOf, queryCarriesToken, redactUrl, routingTable } from '../src/domain/routes';
import { mergeOpenApi } from '../src/domain/openapi';
import { cacheControlFor } from '../src/routes/frontends';

describe('routing table', () => {
  it('maps every prefix to its owner and the auth-owned user paths to auth', () => {
    expect(ownerOf('/auth/login')).toBe('auth');
    expect(ownerOf('/users/me')).toBe('users');
    for (const p of AUTH_OWNED_USER_PATHS) expect(ownerOf(p)).toBe('auth');
    expect(ownerOf('/users/update-passwords')).toBe('users');
    expect(ownerOf('/dashboard/stats')).toBe('evaluation');
    expect(ownerOf('/subscribe/use-credit')).toBe('billing');
    expect(ownerOf('/rubrics')).toBe('rubric');
    expect(ownerOf('/rubricsx')).toBeNull();
    expect(ownerOf('/grading/jobs')).toBeNull();
    expect(ownerOf('/')).toBeNull();
    const table = routingTable();
    expect(table.findIndex((e) => e.prefix === '/users/update-password')).toBeLessThan(table.findIndex((e) => e.prefix === '/users'));
  });

  it('knows the public routes by method', () => {
    expect(isPublic('POST', '/auth/login')).toBe(true);
    expect(isPublic('GET', '/auth/login')).toBe(false);
    expect(isPublic('GET', '/general/privacy')).toBe(true);
    expect(isPublic('PUT', '/general/privacy')).toBe(false);
    expect(isPublic('POST', '/external_links/0190/click')).toBe(true);
    expect(isPublic('POST', '/external_links/0190/click/x')).toBe(false);
    expect(isPublic('GET', '/external_links/0190')).toBe(false);
    expect(isPublic('GET', '/plans')).toBe(true);
    expect(isPublic('GET', '/plansx')).toBe(false);
    expect(isPublic('HEAD', '/users/avatars/a.png')).toBe(true);
    expect(isPublic('GET', '/users/me')).toBe(false);
  });

  it('classifies bodies and budgets', () => {
    expect(bodyClass('POST', '/evaluation/evaluate-async')).toBe('upload');
    expect(bodyClass('POST', '/users/me/avatar')).toBe('avatar');
    expect(bodyClass('POST', '/users/me')).toBe('default');
    expect(addressBudget('POST', '/auth/login')).toBe('login');
    expect(addressBudget('POST', '/auth/signup')).toBe('signup');
    expect(addressBudget('GET', '/auth/signup')).toBeNull();
  });
});

describe('secrets in URLs', () => {
  it('spots token parameters and redacts secret values for logs', () => {
    expect(queryCarriesToken('access_token=x')).toBe(true);
    expect(queryCarriesToken('a=1&Token=x')).toBe(true);
    expect(queryCarriesToken('status=completed&tokens=2')).toBe(false);
    expect(redactUrl('/cb?access_token=abc&oauth=success&refresh_token=def')).toBe('/cb?access_token=%5BREDACTED%5D&oauth=success&refresh_token=%5BREDACTED%5D');
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
    expect(corsOrigins({ CORS_ORIGINS: 'http://a.test:3000/, https://b.test', PUBLIC_BASE_URL: 'x' })).toEqual(['http://a.test:3000', 'https://b.test']);
  });
});

describe('openapi merge', () => {
  it('keeps only the paths the gateway routes to each service, under /api/v1, tagged', () => {
    const doc = mergeOpenApi(
      [
        { service: 'users', doc: { paths: { '/users/me': { get: { summary: 'me' } }, '/users/update-password': { put: {} }, '/readyz': { get: {} } } } },
        { service: 'auth', doc: { paths: { '/users/update-password': { put: { summary: 'pw' } }, '/auth/login': { post: {}, parameters: {} as never } } } },
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
