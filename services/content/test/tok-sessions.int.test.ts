import { ROLES, startContent, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startContent('cnttok');
});
afterAll(async () => {
  await h?.close();
});

const six = (label: string) =>
  Array.from({ length: 6 }, (_, i) => `${label} title ${i + 1}: to what extent is knowledge shaped by the knower? Discuss.`);
const publicTitles = async () => (await h.app.inject({ url: '/general/tok-prescribed-titles' })).json();
const sessions = async (headers = h.as.admin) => (await h.app.inject({ url: '/general/tok-sessions', headers })).json();
const create = (payload: unknown, headers = h.as.super_admin) =>
  h.app.inject({ method: 'POST', url: '/general/tok-sessions', headers, payload: payload as object });
const update = (id: string, payload: unknown, headers = h.as.super_admin) =>
  h.app.inject({ method: 'PUT', url: `/general/tok-sessions/${id}`, headers, payload: payload as object });
const makeCurrent = (id: string, headers = h.as.super_admin) =>
  h.app.inject({ method: 'POST', url: `/general/tok-sessions/${id}/current`, headers });
const remove = (id: string, headers = h.as.super_admin) => h.app.inject({ method: 'DELETE', url: `/general/tok-sessions/${id}`, headers });

describe('TOK prescribed titles per session', () => {
  it('starts with one current example session of six clearly-labelled titles, served publicly', async () => {
    const res = await h.app.inject({ url: '/general/tok-prescribed-titles' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.session).toMatch(/^Example session/);
    expect(data.titles.map((t: { number: number }) => t.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const t of data.titles) expect(t.text).toMatch(/^Example title \d \(replace\): /);
    const list = await sessions();
    expect(list.sessions).toHaveLength(1);
    expect(list.sessions[0]).toMatchObject({ session: data.session, current: true });
  });

  it('lets admins read the sessions and only a super admin change them, for every role', async () => {
    expect((await h.app.inject({ url: '/general/tok-sessions' })).statusCode).toBe(401);
    for (const role of ['student', 'teacher'] as const) {
      expect((await h.app.inject({ url: '/general/tok-sessions', headers: h.as[role] })).statusCode).toBe(403);
    }
    expect((await sessions(h.as.super_admin)).success).toBe(true);
    const body = { session: 'Role matrix', titles: six('Role') };
    const [seeded] = (await sessions()).sessions;
    expect((await create(body, h.as.anonymous)).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      expect((await create(body, h.as[role])).statusCode).toBe(403);
      expect((await update(seeded.id, body, h.as[role])).statusCode).toBe(403);
      expect((await makeCurrent(seeded.id, h.as[role])).statusCode).toBe(403);
      expect((await remove(seeded.id, h.as[role])).json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await sessions()).sessions).toHaveLength(1);
  });

  it('creates a session, makes it current and the public list follows at once (cache invalidated)', async () => {
    await publicTitles(); // cached
    const may = await create({ session: 'May 2027', titles: six('May') });
    expect(may.statusCode).toBe(201);
    expect(may.json().data).toMatchObject({ session: 'May 2027', current: false, titles: six('May') });
    expect((await publicTitles()).data.session).toMatch(/^Example session/);

    const current = await makeCurrent(may.json().data.id);
    expect(current.json().data).toMatchObject({ current: true });
    const served = (await publicTitles()).data;
    expect(served).toMatchObject({ session: 'May 2027', titles: six('May').map((text, i) => ({ number: i + 1, text })) });
    const list = (await sessions()).sessions;
    expect(list.filter((s: { current: boolean }) => s.current).map((s: { session: string }) => s.session)).toEqual(['May 2027']);

    // creating with current: true switches at once; editing the current session changes what is served
    const nov = (await create({ session: 'November 2027', titles: six('Nov'), current: true })).json().data;
    expect((await publicTitles()).data.session).toBe('November 2027');
    const edited = six('Nov').map((t, i) => (i === 2 ? 'A corrected third title: is certainty possible in history? Discuss.' : t));
    expect((await update(nov.id, { session: 'November 2027', titles: edited })).statusCode).toBe(200);
    expect((await publicTitles()).data.titles[2].text).toBe(edited[2]);
    expect((await sessions()).sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('refuses anything but six titles of 10–600 characters, duplicate names, unknown ids and deleting the current session', async () => {
    const titles = six('Bad');
    for (const bad of [
      { session: 'X', titles: titles.slice(0, 5) },
      { session: 'X', titles: [...titles, titles[0]] },
      { session: 'X', titles: [...titles.slice(0, 5), 'short'] },
      { session: 'X', titles: [...titles.slice(0, 5), 'x'.repeat(601)] },
      { session: '', titles },
      { titles },
      { session: 'X', titles: 'not a list' },
    ]) {
      const res = await create(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const dup = await create({ session: 'May 2027', titles });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, code: 'TOK_SESSION_EXISTS' });

    const unknown = '0190f5a0-0000-7000-8000-000000000000';
    expect((await update(unknown, { session: 'Y', titles })).json()).toMatchObject({ code: 'TOK_SESSION_NOT_FOUND' });
    expect((await makeCurrent(unknown)).statusCode).toBe(404);
    expect((await remove(unknown)).statusCode).toBe(404);
    expect((await remove('not-a-uuid')).statusCode).toBe(400);

    const current = (await sessions()).sessions.find((s: { current: boolean }) => s.current);
    const refused = await remove(current.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOK_SESSION_CURRENT' });
    const other = (await sessions()).sessions.find((s: { session: string }) => s.session === 'May 2027');
    expect((await remove(other.id)).statusCode).toBe(200);
    expect((await sessions()).sessions.map((s: { session: string }) => s.session)).not.toContain('May 2027');
  });

  it('keeps exactly one current session when super admins switch at the same time', async () => {
    const a = (await create({ session: 'Race A', titles: six('A') })).json().data;
    const b = (await create({ session: 'Race B', titles: six('B') })).json().data;
    const answers = await Promise.all([a, b, a, b, a, b].map((s) => makeCurrent(s.id)));
    for (const r of answers) expect(r.statusCode).toBe(200);
    const current = (await sessions()).sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect((await publicTitles()).data.session).toBe(current[0].session);
  });

  it('does not seed a second example session on restart', async () => {
    await h.service.tokSessions.seed();
    expect((await sessions()).sessions.filter((s: { session: string }) => s.session.startsWith('Example'))).toHaveLength(1);
  });
});
