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
