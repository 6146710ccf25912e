/**
 * External links through the gateway, with every process real: the footer's public list and
 * click tracking for anyone (exact under concurrent clicks), management for admins and super
 * admins only, the CSV export as a download, and the SDK's links module end to end.
 */
import { createClient } from '@corestone/sdk';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

let p: TestPlatform;
const tokens: Record<'super_admin' | 'admin' | 'teacher' | 'student', string> = {} as never;

beforeAll(async () => {
  p = await startTestPlatform();
  const email = uniqueEmail('linksuper');
  expect(
    (
      await p.api.call('POST', '/auth/setup-admin', {
        json: { name: 'Lena Links', email, password: 'super-secret-1', user_type: 'super-admin' },
      })
    ).status,
  ).toBeLessThan(300);
  tokens.super_admin = (
    await p.api.call('POST', '/auth/login', { json: { username: email, password: 'super-secret-1' } })
  ).body.access_token;
  for (const role of ['admin', 'teacher'] as const) {
    const user = { first_name: 'Lou', last_name: role, email: uniqueEmail(`links${role}`), password: 'role-secret-1', user_type: role };
    expect((await p.api.call('POST', '/users/admin/create-user', { json: user, token: tokens.super_admin })).status).toBeLessThan(300);
    tokens[role] = (await p.api.call('POST', '/auth/login', { json: { username: user.email, password: user.password } })).body.access_token;
  }
  tokens.student = (await p.api.signup(uniqueEmail('linkstudent'))).body.access_token;
});
afterAll(async () => {
  await p?.shutdown();
});

it('serves the seeded footer links publicly and counts concurrent clicks exactly', async () => {
  const pub = await p.api.call('GET', '/external_links/public');
  expect(pub.status).toBe(200);
  const categories = pub.body.links.map((l: { category: string }) => l.category);
  expect(categories).toEqual(expect.arrayContaining(['resource', 'tool', 'instagram', 'linkedin', 'youtube']));
  const target = pub.body.links.find((l: { category: string }) => l.category === 'instagram');

  const N = 200;
  const answers = await Promise.all(
    Array.from({ length: N }, () =>
      p.api.call('POST', `/external_links/${target.id}/click`, { json: { user_agent: 'Mozilla/5.0 (system test)' } }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
  expect(new Set(answers.map((a) => a.body.clicks)).size).toBe(N);
  const after = await p.api.call('GET', `/external_links/${target.id}`, { token: tokens.admin });
  expect(after.body.clicks).toBe(target.clicks + N);
  const analytics = await p.api.call('GET', `/external_links/${target.id}/analytics?days=1`, { token: tokens.admin });
  expect(analytics.body.clicks_per_day).toEqual([{ date: new Date().toISOString().slice(0, 10), count: target.clicks + N }]);
});

it('keeps management to admins and super admins, at the gateway and in the service', async () => {
  const body = {
    title: 'Facebook',
    url: 'https://facebook.com/corestone',
    description: 'Us on Facebook',
    category: 'facebook',
    featured: false,
  };
  expect((await p.api.call('POST', '/external_links', { json: body })).status).toBe(401);
  expect((await p.api.call('GET', '/external_links/')).status).toBe(401);
  for (const role of ['student', 'teacher'] as const) {
    expect((await p.api.call('POST', '/external_links', { json: body, token: tokens[role] })).status).toBe(403);
    expect((await p.api.call('GET', '/external_links/analytics/overview', { token: tokens[role] })).status).toBe(403);
  }
  for (const role of ['admin', 'super_admin'] as const) {
    const made = await p.api.call('POST', '/external_links', { json: body, token: tokens[role] });
    expect(made.status).toBe(201);
    const missing = await p.api.call('POST', '/external_links', { json: { ...body, description: '' }, token: tokens[role] });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'Description is required', code: 'VALIDATION_ERROR' } });
    expect(
      (await p.api.call('PUT', `/external_links/${made.body.id}`, { json: { is_active: false }, token: tokens[role] })).body.is_active,
    ).toBe(false);
    expect((await p.api.call('GET', '/external_links/public')).body.links.map((l: { id: string }) => l.id)).not.toContain(made.body.id);
    expect((await p.api.call('DELETE', `/external_links/${made.body.id}`, { token: tokens[role] })).status).toBe(200);
  }
});

it('downloads the CSV export through the gateway', async () => {
  const res = await fetch(`${p.api.base}/external_links/export?format=csv`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="external_links_export_\d{4}-\d{2}-\d{2}\.csv"$/);
  expect((await res.text()).split('\r\n')[0]).toBe('id,title,url,description,category,featured,is_active,clicks,created_at,updated_at');
});

it('works through the SDK: the footer calls anonymously, the manager calls signed in', async () => {
  const visitor = createClient({ baseUrl: `${p.gatewayUrl}/api/v1`, storage: new MemoryStorage(), locks: null, eventTarget: null });
  const { links } = await visitor.links.public();
  const clicked = await visitor.links.click(links[0].id, 'sdk');
  expect(clicked).toEqual({ success: true, clicks: links[0].clicks + 1 });

  const manager = createClient({ baseUrl: `${p.gatewayUrl}/api/v1`, storage: new MemoryStorage(), locks: null, eventTarget: null });
  const email = uniqueEmail('sdkadmin');
  await p.api.call('POST', '/users/admin/create-user', {
    json: { first_name: 'Sam', last_name: 'Sdk', email, password: 'sdk-secret-1', user_type: 'admin' },
    token: tokens.super_admin,
  });
  await manager.auth.login(email, 'sdk-secret-1');
  const made = await manager.links.create({ url: 'https://www.linkedin.com/company/x', description: 'LinkedIn', category: 'linkedin' });
  expect(made.title).toBe('LinkedIn');
  expect((await manager.links.validateUrl('ftp://nope.example')).valid).toBe(false);
  expect((await manager.links.bulkUpdate([made.id], { featured: true })).affected).toBe(1);
  expect((await manager.links.list({ category: 'linkedin', is_featured: true })).links.map((l) => l.id)).toContain(made.id);
  expect((await manager.links.overview()).total_links).toBeGreaterThan(5);
  expect((await manager.links.summary(7)).clicks_per_day).toHaveLength(7);
  expect((await manager.links.popular(3)).links).toHaveLength(3);
  const file = await manager.links.exportCsv();
  expect(file.filename).toMatch(/^external_links_export_/);
  expect((await manager.links.bulkDelete([made.id])).affected).toBe(1);
  await expect(visitor.links.list()).rejects.toMatchObject({ status: 401 });
});
