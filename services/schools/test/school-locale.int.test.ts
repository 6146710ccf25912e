import { Events } from '@corestone/contracts';
import { checkerOf } from '@corestone/service-kit';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

/** Issue 36: a school's default language — set by its admins and super admins, announced to users. */
let h: Harness;
let sa: Person;
let alpha: Awaited<ReturnType<typeof seedSchool>>;
let beta: Awaited<ReturnType<typeof seedSchool>>;
beforeAll(async () => {
  h = await startSchools('sloc');
  sa = await person(h, 'super_admin');
  alpha = await seedSchool(h, sa, 'Alpha Locale');
  beta = await seedSchool(h, sa, 'Beta Locale');
});
afterAll(async () => {
  await h?.close();
});

const announced = async (schoolId: string) =>
  (await h.events())
    .filter((e) => e.type === Events.schoolsSchoolChanged.subject && (e.data as { school_id: string }).school_id === schoolId)
    .at(-1)?.data as Record<string, unknown> | undefined;

describe("a school's default language", () => {
  it('is English unless given at creation, and is in the School shape', async () => {
    expect((await h.call<{ default_locale: string }>('GET', `/schools/${alpha.id}`, sa.h)).body.default_locale).toBe('en');
    const made = await h.call<{ id: string; default_locale: string }>('POST', '/schools', sa.h, {
      name: 'Lycée Exemple',
      default_locale: 'fr',
    });
    expect([made.status, made.body.default_locale]).toEqual([201, 'fr']);
    const event = await announced(made.body.id);
    expect(event).toMatchObject({ default_locale: 'fr' });
    expect(checkerOf(Events.schoolsSchoolChanged.schema).Check(event)).toBe(true);
  });

  it("is changed by the school's admin and announced; a super admin may too", async () => {
    const res = await h.call<{ default_locale: string }>('PATCH', `/schools/${alpha.id}`, alpha.admin.h, { default_locale: 'es' });
    expect([res.status, res.body.default_locale]).toEqual([200, 'es']);
    expect(await announced(alpha.id)).toMatchObject({ school_id: alpha.id, default_locale: 'es' });
    expect((await h.call<{ default_locale: string }>('GET', `/schools/${alpha.id}`, alpha.student.h)).body.default_locale).toBe('es');
    const bySa = await h.call<{ default_locale: string }>('PATCH', `/schools/${alpha.id}`, sa.h, { default_locale: 'fr' });
    expect([bySa.status, bySa.body.default_locale]).toEqual([200, 'fr']);
  });

  it('refuses a language it does not have with the envelope', async () => {
    for (const given of ['de', 'FR', '', 'fr-CA', null, 3]) {
      const res = await h.call<{ code: string; detail: string }>('PATCH', `/schools/${alpha.id}`, alpha.admin.h, { default_locale: given });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await h.call<{ default_locale: string }>('GET', `/schools/${alpha.id}`, sa.h)).body.default_locale).toBe('fr');
  });

  it("is the language auth is asked to write the school's invitation mails in", async () => {
    const res = await h.call('POST', `/schools/${alpha.id}/members`, alpha.admin.h, {
      email: 'new.fr@alpha.example.org',
      name: 'Zoé',
      role: 'student',
    });
    expect(res.status).toBe(201);
    expect(h.accounts.invitationLocales.get('new.fr@alpha.example.org')).toBe('fr');
  });

  it("cannot be changed by another school's admin (404), a teacher or a student (403)", async () => {
    const other = await h.call<{ code: string }>('PATCH', `/schools/${alpha.id}`, beta.admin.h, { default_locale: 'en' });
    expect(other.status).toBe(404);
    expect((await h.call('PATCH', `/schools/${alpha.id}`, alpha.teacher.h, { default_locale: 'en' })).status).toBe(403);
    expect((await h.call('PATCH', `/schools/${alpha.id}`, alpha.student.h, { default_locale: 'en' })).status).toBe(403);
    expect((await h.call<{ default_locale: string }>('GET', `/schools/${alpha.id}`, sa.h)).body.default_locale).toBe('fr');
    expect((await h.call<{ default_locale: string }>('GET', `/schools/${beta.id}`, sa.h)).body.default_locale).toBe('en');
  });
});
