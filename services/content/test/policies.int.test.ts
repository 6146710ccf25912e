import { POLICY_IDS } from '@corestone/contracts';
import { ROLES, serveUserNames, startContent, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startContent('cnt');
});
afterAll(async () => {
  await h?.close();
});

const get = (resource: string, headers: Record<string, string> = {}) => h.app.inject({ url: `/general/${resource}`, headers });
const put = (resource: string, payload: unknown, headers = h.as.super_admin) =>
  h.app.inject({ method: 'PUT', url: `/general/${resource}`, payload: payload as object, headers });

describe('policies', () => {
  it('serves the four seeded policies publicly in the spec shape, as markdown', async () => {
    for (const id of POLICY_IDS) {
      const res = await get(id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(Object.keys(body.data).sort()).toEqual(['content', 'id', 'last_updated', 'status', 'title', 'updated_by']);
      expect(body.data).toMatchObject({ id, status: 'published' });
      expect(body.data.content.startsWith(`# ${body.data.title}`)).toBe(true);
      expect(body.data.content.length).toBeGreaterThan(2500);
      expect(new Date(body.data.last_updated).getTime()).not.toBeNaN();
    }
    expect((await get('privacy')).json().data.content).toMatch(/## 6\. Deleting your essays and your account/);
    expect((await get('client-terms')).json().data.content).toMatch(/Credits \*\*do not expire\*\*/);
    expect((await get('academic-integrity')).json().data.content).toMatch(/never writes, rewrites, paraphrases or generates essay content/);
  });

  it('answers 404 with success:false for anything that is not a policy', async () => {
    for (const name of ['terms', 'PRIVACY', '..%2Fprivacy', 'x'.repeat(100), 'contact']) {
      const res = await get(name);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await get('terms')).json()).toEqual({ success: false, detail: 'Content not found', code: 'CONTENT_NOT_FOUND' });
    // the router refuses an over-long path parameter before any route runs: still the envelope
    const long = await get('x'.repeat(500));
    expect(long.statusCode).toBe(414);
    expect(long.json().code).toBeTruthy();
    expect((await put('terms', { title: 'T', content: 'c', status: 'published' })).statusCode).toBe(404);
  });

  it('lets only a super admin save, for every role and anonymous callers', async () => {
    const body = { title: 'Safeguarding Policy', content: '# Safeguarding Policy\n\nRole matrix run.', status: 'draft' };
    expect((await put('safeguarding', body, h.as.anonymous)).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      const res = await put('safeguarding', body, h.as[role]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await put('safeguarding', body)).json()).toEqual({ message: 'Content updated successfully' });
  });

  it('keeps serving the published version while a draft is edited; publishing replaces it at once', async () => {
    const before = (await get('privacy')).json().data;
    await get('privacy'); // now cached
    const draft = { title: 'Privacy Policy', content: '# Privacy Policy\n\nDraft **v2**.', status: 'draft' };
    expect((await put('privacy', draft)).statusCode).toBe(200);
    expect((await get('privacy')).json().data).toEqual(before);
    // editors loading the screen see their working copy; students and teachers the public page
    for (const role of ['admin', 'super_admin'] as const) {
      expect((await get('privacy', h.as[role])).json().data).toMatchObject({ status: 'draft', content: draft.content });
    }
    for (const role of ['student', 'teacher'] as const) expect((await get('privacy', h.as[role])).json().data).toEqual(before);

    const published = {
      title: 'Privacy Notice',
      content: '# Privacy Notice\n\nPublished *v2*.\n\n<script>kept as written</script>',
      status: 'published',
    };
    expect((await put('privacy', published)).statusCode).toBe(200);
    const after = (await get('privacy')).json().data;
    expect(after).toMatchObject({
      id: 'privacy',
      title: 'Privacy Notice',
      content: published.content,
      status: 'published',
      updated_by: h.idOf.super_admin,
    });
    expect(new Date(after.last_updated).getTime()).toBeGreaterThan(new Date(before.last_updated).getTime());
  });

  it('withdraws an archived policy from the public and serves it again once republished', async () => {
    const doc = { title: 'Client Terms of Service', content: '# Client Terms\n\nArchived.', status: 'archived' };
    await get('client-terms');
    expect((await put('client-terms', doc)).statusCode).toBe(200);
    expect((await get('client-terms')).json()).toMatchObject({ success: false, code: 'CONTENT_NOT_FOUND' });
    expect((await get('client-terms', h.as.admin)).json().data.status).toBe('archived');
    expect((await put('client-terms', { ...doc, status: 'published' })).statusCode).toBe(200);
    expect((await get('client-terms')).json().data.content).toBe(doc.content);
  });

  it('names the editor from the users service when it answers', async () => {
    const sub = serveUserNames(h.service.infra.bus, { [h.idOf.super_admin]: 'Ada Lovelace' }, h.app.log);
    try {
      const doc = { title: 'Academic Integrity Policy', content: '# Academic Integrity\n\nNamed.', status: 'published' };
      expect((await put('academic-integrity', doc)).statusCode).toBe(200);
      expect((await get('academic-integrity')).json().data.updated_by).toBe('Ada Lovelace');
    } finally {
      sub.unsubscribe();
    }
  });

  it('refuses bad bodies with 400, success:false and a detail', async () => {
    const good = { title: 'Privacy Policy', content: '# x', status: 'published' };
    const bad: unknown[] = [
      {},
      { ...good, title: '' },
      { title: 'No content', status: 'draft' },
      { ...good, content: '' },
      { ...good, status: 'public' },
      { ...good, status: null },
      { ...good, title: 'x'.repeat(201) },
      { ...good, content: 'x'.repeat(200_001) },
      { ...good, title: { text: 'x' } },
      { ...good, content: 'nul \u0000 byte' },
      [good],
    ];
    for (const body of bad) {
      const res = await put('privacy', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().detail).toBeTruthy();
    }
    const notJson = await h.app.inject({
      method: 'PUT',
      url: '/general/privacy',
      headers: { ...h.as.super_admin, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().success).toBe(false);
  });
});
