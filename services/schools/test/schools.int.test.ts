import { DEFAULT_SCHOOL_SETTINGS, Events } from '@corestone/contracts';
import { checkerOf } from '@corestone/service-kit';
import { person, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let sa: Person;
beforeAll(async () => {
  h = await startSchools('sch');
  sa = await person(h, 'super_admin');
});
afterAll(async () => {
  await h?.close();
});

describe('schools', () => {
  it('a super admin creates a school; the change is announced', async () => {
    const res = await h.call<Record<string, unknown>>('POST', '/schools', sa.h, {
      name: '  International School of Example ',
      country: 'gb',
      ib_school_code: '001234',
      email_domains: ['@ISE.example.org', 'ise.example.org'],
      microsoft_tenant_ids: ['6F1A0000-0000-4000-8000-000000000001'],
      time_zone: 'Europe/London',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'International School of Example',
      country: 'GB',
      ib_school_code: '001234',
      email_domains: ['ise.example.org'],
      microsoft_tenant_ids: ['6f1a0000-0000-4000-8000-000000000001'],
      time_zone: 'Europe/London',
      settings: DEFAULT_SCHOOL_SETTINGS,
      counts: { school_admins: 0, teachers: 0, students: 0, pending: 0, deactivated: 0, classes: 0, archived_classes: 0 },
    });
    const events = (await h.events()).filter((e) => e.type === Events.schoolsSchoolChanged.subject);
    const mine = events.find((e) => (e.data as { school_id: string }).school_id === res.body.id);
    expect(mine).toBeDefined();
    expect(checkerOf(Events.schoolsSchoolChanged.schema).Check(mine!.data)).toBe(true);
  });

  it('refuses a school from anyone but a super admin, before reading the body', async () => {
    for (const role of ['admin', 'teacher', 'student'] as const) {
      const p = await person(h, role);
      expect((await h.call('POST', '/schools', p.h, { bad: true })).status).toBe(403);
    }
    expect((await h.call('POST', '/schools', {}, { name: 'x' })).status).toBe(401);
  });

  it('refuses bad input with the envelope', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, 'VALIDATION_ERROR'],
      [{ name: 'A', time_zone: 'Mars/Olympus' }, 'INVALID_TIME_ZONE'],
      [{ name: 'A', email_domains: ['gmail.com'] }, 'INVALID_EMAIL_DOMAIN'],
      [{ name: 'A', email_domains: ['not a domain'] }, 'INVALID_EMAIL_DOMAIN'],
      [{ name: 'A', country: 'GBR' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await h.call<{ code: string; detail: string }>('POST', '/schools', sa.h, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });
});

describe('reading and changing a school', () => {
  let school: { id: string; name: string };
  let adminOf: Person;
  let teacherOf: Person;
  beforeAll(async () => {
    school = (
      await h.call<{ id: string; name: string }>('POST', '/schools', sa.h, { name: 'Zeta School', email_domains: ['zeta.example.org'] })
    ).body;
    const add = async (email: string, role: string) =>
      (await h.call<{ member: { user_id: string } }>('POST', `/schools/${school.id}/members`, sa.h, { email, name: email, role })).body
        .member.user_id;
    const a = await add('head@zeta.example.org', 'school_admin');
    const t = await add('teach@zeta.example.org', 'teacher');
    adminOf = { id: a, role: 'teacher', h: await h.headers(a, 'teacher'), email: 'head@zeta.example.org' };
    teacherOf = { id: t, role: 'teacher', h: await h.headers(t, 'teacher'), email: 'teach@zeta.example.org' };
  });

  it('shows the school with its counts to its members and platform admins', async () => {
    const res = await h.call<Record<string, unknown>>('GET', `/schools/${school.id}`, teacherOf.h);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: school.id,
      name: 'Zeta School',
      counts: { school_admins: 1, teachers: 1, students: 0, classes: 0 },
    });
    expect((await h.call('GET', `/schools/${school.id}`, (await person(h, 'admin')).h)).status).toBe(200);
    expect((await h.call('GET', `/schools/not-a-uuid`, sa.h)).status).toBe(404);
    expect((await h.call('GET', `/schools/01900000-0000-7000-8000-000000000000`, sa.h)).status).toBe(404);
    expect((await h.call('GET', `/schools/${school.id}`, {})).status).toBe(401);
  });

  it('lets its school admin change the name, time zone and settings (announced), not who belongs to it', async () => {
    const res = await h.call<Record<string, unknown>>('PATCH', `/schools/${school.id}`, adminOf.h, {
      name: 'Zeta International School',
      time_zone: 'Asia/Singapore',
      settings: { ai_grader_enabled: false, pool_cap_per_student: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Zeta International School',
      time_zone: 'Asia/Singapore',
      settings: { ...DEFAULT_SCHOOL_SETTINGS, ai_grader_enabled: false, pool_cap_per_student: 5 },
    });
    const events = (await h.events()).filter(
      (e) => e.type === Events.schoolsSchoolChanged.subject && (e.data as { school_id: string }).school_id === school.id,
    );
    expect(events.at(-1)!.data).toEqual({
      school_id: school.id,
      name: 'Zeta International School',
      settings: { ...DEFAULT_SCHOOL_SETTINGS, ai_grader_enabled: false, pool_cap_per_student: 5 },
      default_locale: 'en', // issue 36
    });
    for (const body of [
      { email_domains: ['zeta2.example.org'] },
      { microsoft_tenant_ids: ['x'] },
      { country: 'FR' },
      { ib_school_code: '999999' },
    ]) {
      const refused = await h.call<{ code: string }>('PATCH', `/schools/${school.id}`, adminOf.h, body);
      expect([refused.status, refused.body.code]).toEqual([403, 'SCHOOL_FIELD_SUPER_ADMIN_ONLY']);
    }
    expect((await h.call('PATCH', `/schools/${school.id}`, teacherOf.h, { name: 'Mine now' })).status).toBe(403);
    expect((await h.call('PATCH', `/schools/${school.id}`, adminOf.h, { name: '  ' })).status).toBe(400);
    expect((await h.call('PATCH', `/schools/${school.id}`, adminOf.h, { time_zone: 'Nowhere/Land' })).status).toBe(400);
  });

  it('lets a super admin change the domains and tenants; a domain belongs to one school', async () => {
    const res = await h.call<Record<string, unknown>>('PATCH', `/schools/${school.id}`, sa.h, {
      email_domains: ['zeta.example.org', 'students.zeta.example.org'],
      microsoft_tenant_ids: ['tenant-zeta'],
      country: null,
    });
    expect(res.body).toMatchObject({
      email_domains: ['students.zeta.example.org', 'zeta.example.org'],
      microsoft_tenant_ids: ['tenant-zeta'],
      country: null,
    });
    const other = await h.call<{ code: string }>('POST', '/schools', sa.h, { name: 'Eta School', email_domains: ['ZETA.example.org'] });
    expect([other.status, other.body.code]).toEqual([409, 'SCHOOL_DOMAIN_TAKEN']);
    const eta = await h.call<{ id: string }>('POST', '/schools', sa.h, { name: 'Eta School' });
    const clash = await h.call<{ code: string }>('PATCH', `/schools/${eta.body.id}`, sa.h, { microsoft_tenant_ids: ['TENANT-ZETA'] });
    expect([clash.status, clash.body.code]).toEqual([409, 'SCHOOL_DOMAIN_TAKEN']);
    // the refused change left nothing behind
    expect((await h.call<{ microsoft_tenant_ids: string[] }>('GET', `/schools/${eta.body.id}`, sa.h)).body.microsoft_tenant_ids).toEqual(
      [],
    );
    // dropping a domain frees it
    await h.call('PATCH', `/schools/${school.id}`, sa.h, { email_domains: ['zeta.example.org'] });
    expect((await h.call('PATCH', `/schools/${eta.body.id}`, sa.h, { email_domains: ['students.zeta.example.org'] })).status).toBe(200);
  });

  it('answers GET /schools/mine for members, individuals and staff', async () => {
    const mine = await h.call<Record<string, unknown>>('GET', '/schools/mine', adminOf.h);
    expect(mine.body).toMatchObject({
      school: { id: school.id },
      school_role: 'school_admin',
      status: 'active',
      awaiting: null,
      classes: [],
    });
    for (const role of ['student', 'teacher', 'admin', 'super_admin'] as const) {
      const res = await h.call('GET', '/schools/mine', (await person(h, role)).h);
      expect(res).toEqual({ status: 200, body: { school: null, school_role: null, status: null, awaiting: null, classes: [] } });
    }
    expect((await h.call('GET', '/schools/mine', {})).status).toBe(401);
  });

  it('lists schools by name with a search and pages', async () => {
    const res = await h.call<{ schools: Array<{ name: string }>; total: number }>('GET', '/schools?search=zeta', sa.h);
    expect(res.body).toMatchObject({ total: 1, schools: [{ name: 'Zeta International School' }] });
    const page = await h.call<{ schools: unknown[]; total: number }>('GET', '/schools?limit=1', sa.h);
    expect(page.body.schools).toHaveLength(1);
    expect(page.body.total).toBeGreaterThan(1);
  });
});
