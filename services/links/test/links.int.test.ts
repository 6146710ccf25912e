import { LINK_CATEGORIES, SOCIAL_LINK_CATEGORIES } from '@corestone/contracts';
import { newId } from '@corestone/service-kit';
import { startService } from '../src/start';
import { ROLES, startLinks, type Caller, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startLinks('lnk', {
    SEED_TUTORING_URL: 'https://tutoring.school.example/',
    SEED_PREDICTION_URL: 'https://predict.school.example/',
  });
});
afterAll(async () => {
  await h?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who: Caller = 'admin') =>
  h.app.inject({ method, url, payload: payload as object | undefined, headers: h.as[who] });
const create = async (body: Record<string, unknown>, who: Caller = 'admin') => {
  const res = await call('POST', '/external_links', body, who);
  expect(res.statusCode).toBe(201);
  return res.json();
};
const valid = { url: 'https://www.tiktok.com/@school', description: 'Our TikTok', category: 'tiktok' };

describe('seeded links', () => {
  it('gives a fresh platform the sister sites and social links for the footer', async () => {
    const res = await call('GET', '/external_links/public', undefined, 'anonymous');
    expect(res.statusCode).toBe(200);
    const { links, total } = res.json();
    expect(total).toBe(links.length);
    const urls = links.map((l: { url: string }) => l.url);
    expect(urls).toEqual(expect.arrayContaining(['https://tutoring.school.example/', 'https://predict.school.example/']));
    expect(links.filter((l: { category: string }) => SOCIAL_LINK_CATEGORIES.includes(l.category as never)).length).toBeGreaterThanOrEqual(
      3,
    );
    for (const l of links) {
      expect(Object.keys(l).sort()).toEqual(
        [
          'category',
          'clicks',
          'created_at',
          'description',
          'featured',
          'id',
          'is_active',
          'is_featured',
          'title',
          'updated_at',
          'url',
        ].sort(),
      );
      expect(l.is_active).toBe(true);
      expect(l.featured).toBe(l.is_featured);
      // every seeded link says it is an example to edit; no invented profile of someone else's
      expect(l.description).toMatch(/^Example link \(edit or delete in the back office, External Links\):/);
    }
    for (const l of links.filter((x: { category: string }) => SOCIAL_LINK_CATEGORIES.includes(x.category as never))) {
      expect(new URL(l.url).pathname).toBe('/');
    }
  });

  it('seeds only once: a deleted seeded link stays deleted after a restart', async () => {
    const other = await startLinks('lnkseed');
    try {
      const before = (await other.app.inject({ url: '/external_links/', headers: other.as.admin })).json();
      const victim = before.links[0];
      expect((await other.app.inject({ method: 'DELETE', url: `/external_links/${victim.id}`, headers: other.as.admin })).statusCode).toBe(
        200,
      );
      expect(await other.service.links.seed('initial-links', [])).toBe(false);
      const again = await startService(other.config, { verify: async () => ({ id: 'x', role: 'admin' }) as never });
      const after = (await again.links.list({ limit: 100, offset: 0 })).links;
      await again.stop();
      expect(after.map((l) => l.id).sort()).toEqual(
        before.links
          .map((l: { id: string }) => l.id)
          .filter((id: string) => id !== victim.id)
          .sort(),
      );
    } finally {
      await other.close();
    }
  });
});

describe('managing links', () => {
  it('creates a link with the admin form payload, deriving the title from the platform label', async () => {
    const link = await create({ ...valid, featured: true });
    expect(link).toMatchObject({
      title: 'TikTok',
      url: 'https://www.tiktok.com/@school',
      description: 'Our TikTok',
      category: 'tiktok',
      featured: true,
      is_featured: true,
      is_active: true,
      clicks: 0,
    });
    expect((await call('GET', `/external_links/${link.id}`)).json()).toEqual(link);
    const titled = await create({ ...valid, title: '  School TikTok ', category: 'academic' });
    expect(titled.title).toBe('School TikTok');
    // the trailing-slash spelling of the collection works as well
    expect((await call('POST', '/external_links/', valid)).statusCode).toBe(201);
  });

  it('answers the spec messages for missing fields, in the order the form checks them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Social media platform is required'],
      [{ url: 'https://x.example', description: 'd' }, 'Social media platform is required'],
      [{ category: 'instagram', description: 'd' }, 'URL is required'],
      [{ category: 'instagram', url: '  ', description: 'd' }, 'URL is required'],
      [{ category: 'instagram', url: 'https://x.example' }, 'Description is required'],
      [{ category: 'instagram', url: 'https://x.example', description: '   ' }, 'Description is required'],
      [{ category: 'myspace', url: 'https://x.example', description: 'd' }, 'Social media platform is required'],
    ];
    for (const [body, detail] of cases) {
      const res = await call('POST', '/external_links', body);
      expect({ body, status: res.statusCode, json: res.json() }).toEqual({ body, status: 400, json: { detail, code: 'VALIDATION_ERROR' } });
    }
  });

  it('accepts only absolute http(s) URLs', async () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://files.example/x',
      'data:text/html,hi',
      '/relative',
      'https://user:pw@host.example/',
      'https://exa mple.com',
      'x'.repeat(3000),
    ]) {
      const res = await call('POST', '/external_links', { ...valid, url });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/INVALID_URL|VALIDATION_ERROR/);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await create({ ...valid, url: 'HTTP://Example.COM' })).url).toBe('http://example.com/');
  });

  it('refuses wrong types and bad values with 400 {detail, code}, never 500', async () => {
    const link = await create(valid);
    const bad: Array<[Method, string, unknown]> = [
      ['POST', '/external_links', { ...valid, featured: 'maybe' }],
      ['POST', '/external_links', { ...valid, description: 'd'.repeat(1001) }],
      ['POST', '/external_links', { ...valid, title: 't'.repeat(201) }],
      ['POST', '/external_links', [valid]],
      ['PUT', `/external_links/${link.id}`, { url: 'mailto:me@school.example' }],
      ['PUT', `/external_links/${link.id}`, { description: '' }],
      ['PUT', `/external_links/${link.id}`, { category: 'blog' }],
      ['PUT', `/external_links/${link.id}`, { is_active: 'sometimes' }],
      ['GET', '/external_links/?category=blog', undefined],
      ['GET', '/external_links/?is_active=perhaps', undefined],
      ['GET', '/external_links/?limit=0', undefined],
      ['GET', '/external_links/?offset=-1', undefined],
      ['GET', `/external_links/${link.id}/analytics?days=0`, undefined],
      ['GET', `/external_links/${link.id}/analytics?days=abc`, undefined],
      ['GET', '/external_links/analytics/summary?days=9999', undefined],
      ['GET', '/external_links/popular?limit=0', undefined],
      ['GET', '/external_links/popular?limit=1000', undefined],
      ['GET', '/external_links/export?format=xlsx', undefined],
      ['POST', '/external_links/bulk-update', { link_ids: [], update_data: { is_active: false } }],
      ['POST', '/external_links/bulk-update', { link_ids: [link.id], update_data: {} }],
      ['POST', '/external_links/bulk-update', { link_ids: [link.id], update_data: { category: 'blog' } }],
      ['POST', '/external_links/bulk-update', { link_ids: [{ id: 1 }], update_data: { featured: true } }],
      ['POST', '/external_links/bulk-delete', { link_ids: [] }],
      ['POST', '/external_links/bulk-delete', {}],
      ['POST', '/external_links/validate-url', {}],
      ['POST', '/external_links/validate-url', { url: 'u'.repeat(5000) }],
      ['POST', `/external_links/${link.id}/click`, { user_agent: 'u'.repeat(2000) }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(method, url, payload);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 400 });
      expect(res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    }
  });

  it('answers 404 LINK_NOT_FOUND for unknown and malformed ids on every per-link route', async () => {
    for (const id of [newId(), 'not-a-uuid', '00000000-0000-0000-0000-00000000000g']) {
      for (const [method, url, payload] of [
        ['GET', `/external_links/${id}`, undefined],
        ['PUT', `/external_links/${id}`, { featured: true }],
        ['DELETE', `/external_links/${id}`, undefined],
        ['GET', `/external_links/${id}/analytics`, undefined],
        ['POST', `/external_links/${id}/click`, { user_agent: 'jest' }],
      ] as Array<[Method, string, unknown]>) {
        const res = await call(method, url, payload);
        expect({ url, method, status: res.statusCode, body: res.json() }).toEqual({
          url,
          method,
          status: 404,
          body: { detail: 'Link not found', code: 'LINK_NOT_FOUND' },
        });
      }
    }
  });

  it('updates any subset, and deletes', async () => {
    const link = await create(valid);
    const off = (await call('PUT', `/external_links/${link.id}`, { is_active: false })).json();
    expect(off).toMatchObject({ ...link, is_active: false, updated_at: expect.any(String) });
    const changed = (
      await call('PUT', `/external_links/${link.id}`, { featured: true, url: 'https://tiktok.com/@other', description: ' New ' })
    ).json();
    expect(changed).toMatchObject({
      featured: true,
      is_featured: true,
      is_active: false,
      url: 'https://tiktok.com/@other',
      description: 'New',
      title: 'TikTok',
    });
    expect((await call('DELETE', `/external_links/${link.id}`)).json()).toEqual({ success: true, message: 'Link deleted successfully' });
    expect((await call('GET', `/external_links/${link.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/external_links/${link.id}`)).statusCode).toBe(404);
  });

  it('filters the list by category, is_featured and is_active; the public list has active links only, at once', async () => {
    const a = await create({ ...valid, category: 'reference', featured: true });
    const b = await create({ ...valid, category: 'reference', is_active: false });
    const publicIds = async () =>
      (await call('GET', '/external_links/public', undefined, 'anonymous')).json().links.map((l: { id: string }) => l.id);
    await publicIds(); // cached now
    const refs = (await call('GET', '/external_links/?category=reference')).json();
    expect(refs.links.map((l: { id: string }) => l.id).sort()).toEqual([a.id, b.id].sort());
    expect(refs.total).toBe(2);
    expect(
      (await call('GET', '/external_links/?category=reference&is_featured=true')).json().links.map((l: { id: string }) => l.id),
    ).toEqual([a.id]);
    expect(
      (await call('GET', '/external_links/?category=reference&is_active=false')).json().links.map((l: { id: string }) => l.id),
    ).toEqual([b.id]);
    const page = (await call('GET', '/external_links/?limit=1&offset=1')).json();
    expect(page.links).toHaveLength(1);
    expect(page.total).toBeGreaterThan(2);
    expect(await publicIds()).toContain(a.id);
    expect(await publicIds()).not.toContain(b.id);
    await call('PUT', `/external_links/${a.id}`, { is_active: false });
    expect(await publicIds()).not.toContain(a.id); // the admin change invalidated the cached list
    await call('PUT', `/external_links/${b.id}`, { is_active: true });
    expect(await publicIds()).toContain(b.id);
  });

  it('bulk-updates and bulk-deletes, counting only links that exist', async () => {
    const ids = [(await create(valid)).id, (await create(valid)).id, (await create(valid)).id];
    const up = await call('POST', '/external_links/bulk-update', {
      link_ids: [...ids, newId(), 'junk', ids[0]],
      update_data: { featured: true, category: 'youtube' },
    });
    expect(up.json()).toEqual({ success: true, affected: 3, message: '3 links updated' });
    for (const id of ids)
      expect((await call('GET', `/external_links/${id}`)).json()).toMatchObject({ featured: true, category: 'youtube', title: 'TikTok' });
    const del = await call('POST', '/external_links/bulk-delete', { link_ids: [ids[0], ids[1], newId()] });
    expect(del.json()).toEqual({ success: true, affected: 2, message: '2 links deleted' });
    expect((await call('GET', `/external_links/${ids[2]}`)).statusCode).toBe(200);
  });

  it('validates a URL without ever requesting it', async () => {
    const ok = await call('POST', '/external_links/validate-url', { url: ' https://Example.com/a b'.trim().replace(' ', '%20') });
    expect(ok.json()).toEqual({ valid: true, url: 'https://example.com/a%20b' });
    // an internal address is only judged by its form: nothing listens there and the answer is immediate
    const internal = await call('POST', '/external_links/validate-url', { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(internal.json()).toEqual({ valid: true, url: 'http://169.254.169.254/latest/meta-data/' });
    expect((await call('POST', '/external_links/validate-url', { url: 'file:///etc/passwd' })).json()).toEqual({
      valid: false,
      url: 'file:///etc/passwd',
      detail: 'URL must be an http:// or https:// address',
    });
    expect((await call('POST', '/external_links/validate-url', { url: '' })).json()).toMatchObject({
      valid: false,
      detail: 'URL is required',
    });
  });

  it('knows the ten categories of admin §3', () => {
    expect(Object.keys(LINK_CATEGORIES)).toEqual([
      'instagram',
      'linkedin',
      'youtube',
      'twitter',
      'facebook',
      'tiktok',
      'academic',
      'resource',
      'tool',
      'reference',
    ]);
  });
});

describe('who may call what', () => {
  it('lets anyone read the public list and count a click', async () => {
    const link = await create(valid);
    for (const who of ['anonymous', ...ROLES] as Caller[]) {
      expect((await call('GET', '/external_links/public', undefined, who)).statusCode).toBe(200);
      expect((await call('POST', `/external_links/${link.id}/click`, { user_agent: 'jest' }, who)).statusCode).toBe(200);
    }
  });

  it('keeps every management route to admins and super admins (401 anonymous, 403 students and teachers)', async () => {
    const link = await create(valid);
    const routes: Array<[Method, string, unknown?]> = [
      ['POST', '/external_links', valid],
      ['GET', '/external_links/'],
      ['GET', '/external_links'],
      ['GET', `/external_links/${link.id}`],
      ['PUT', `/external_links/${link.id}`, { featured: false }],
      ['GET', `/external_links/${link.id}/analytics`],
      ['GET', '/external_links/analytics/overview'],
      ['GET', '/external_links/analytics/summary'],
      ['GET', '/external_links/popular'],
      ['POST', '/external_links/bulk-update', { link_ids: [link.id], update_data: { is_active: true } }],
      ['GET', '/external_links/export'],
      ['POST', '/external_links/validate-url', { url: 'https://example.com' }],
      ['POST', '/external_links/bulk-delete', { link_ids: [newId()] }],
      ['DELETE', `/external_links/${link.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const expectStatus = async (who: Caller, status: number[]) => {
        const res = await call(method, url, payload, who);
        expect({ method, url, who, ok: status.includes(res.statusCode) }).toEqual({ method, url, who, ok: true });
        if (res.statusCode >= 400) expect(res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
      };
      await expectStatus('anonymous', [401]);
      await expectStatus('student', [403]);
      await expectStatus('teacher', [403]);
      // even with a body the route would refuse, the role is checked first
      if (payload) expect((await call(method, url, { junk: true }, 'student')).statusCode).toBe(403);
    }
    for (const who of ['admin', 'super_admin'] as Caller[]) {
      const mine = await create(valid, who);
      for (const [method, url, payload] of routes) {
        const res = await call(method, url.replace(link.id, mine.id), payload, who);
        expect({ method, url, who, status: res.statusCode < 300 }).toEqual({ method, url, who, status: true });
      }
    }
  });
});
