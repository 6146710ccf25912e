import { Events, type SchoolMembership } from '@corestone/contracts';
import { newId, publishEvent } from '@corestone/service-kit';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
beforeAll(async () => {
  h = await startSchools('schacc');
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Theta School');
  expect((await h.call('PATCH', `/schools/${A.id}`, sa.h, { email_domains: ['theta.example.org'] })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

const created = (email: string, role: 'student' | 'teacher' | 'admin' = 'student') => {
  const user_id = newId();
  return { user_id, email, role, first_name: 'Tia', last_name: 'Theta' };
};

async function membershipOf(userId: string): Promise<Record<string, unknown> | null> {
  const res = await h.call<{ members: Array<Record<string, unknown>> }>('GET', `/schools/${A.id}/members?limit=500`, A.admin.h);
  return res.body.members.find((m) => m.user_id === userId) ?? null;
}

async function eventually<T>(fn: () => Promise<T | null>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('accounts from users’ events', () => {
  it('lands a new account of a verified domain in the school, pending approval; an invitation or the admin approves it', async () => {
    const data = created('Tia.New@THETA.example.org');
    const eventId = await publishEvent(h.service.infra.bus, Events.usersCreated, data);
    const member = await eventually(() => membershipOf(data.user_id));
    expect(member).toMatchObject({
      email: 'tia.new@theta.example.org',
      name: 'Tia Theta',
      school_role: 'student',
      status: 'pending',
      awaiting: 'school',
      joined_by: 'email_domain',
    });
    // the same event again changes nothing
    await publishEvent(h.service.infra.bus, Events.usersCreated, data, eventId);
    // waiting members see the school's name only through /schools/mine, and nothing else
    const them = await h.headers(data.user_id, 'student');
    expect((await h.call('GET', '/schools/mine', them)).body).toMatchObject({
      school: { id: A.id },
      status: 'pending',
      awaiting: 'school',
    });
    expect((await h.call('GET', `/schools/${A.id}/classes`, them)).status).toBe(404);
    const approved = await h.call('PATCH', `/schools/${A.id}/members/${data.user_id}`, A.admin.h, { status: 'active' });
    expect(approved).toMatchObject({ status: 200, body: { status: 'active', awaiting: null } });

    // An invitation of someone waiting approves them in the role it gives.
    const t = created('tom@theta.example.org', 'teacher');
    h.accounts.byEmail.set('tom@theta.example.org', { id: t.user_id, name: 'Tom', role: 'teacher' });
    await publishEvent(h.service.infra.bus, Events.usersCreated, t);
    await eventually(() => membershipOf(t.user_id));
    const invited = await h.call('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: 'tom@theta.example.org',
      name: 'Tom',
      role: 'school_admin',
    });
    expect(invited).toMatchObject({ status: 201, body: { member: { school_role: 'school_admin', status: 'active', awaiting: null } } });
  });

  it('follows the school’s setting: active at once, or not at all; ignores other domains and staff accounts', async () => {
    await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { domain_sign_up: 'active' } });
    const active = created('ann@theta.example.org');
    await publishEvent(h.service.infra.bus, Events.usersCreated, active);
    expect(await eventually(() => membershipOf(active.user_id))).toMatchObject({ status: 'active', awaiting: null });

    await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { domain_sign_up: 'off' } });
    const off = created('otto@theta.example.org');
    const elsewhere = created('eli@elsewhere.example.org');
    const staff = created('adam@theta.example.org', 'admin');
    for (const d of [off, elsewhere, staff]) await publishEvent(h.service.infra.bus, Events.usersCreated, d);
    // a later event of the same stream shows the earlier ones were handled
    await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { domain_sign_up: 'pending' } });
    const marker = created('mark@theta.example.org');
    await publishEvent(h.service.infra.bus, Events.usersCreated, marker);
    await eventually(() => membershipOf(marker.user_id));
    for (const d of [off, elsewhere, staff]) {
      const mine = await h.call<{ school: unknown }>('GET', '/schools/mine', await h.headers(d.user_id, d.role));
      expect(mine.body.school).toBeNull();
    }
  });

  it('ends a deleted account’s membership and class places, announcing it', async () => {
    const cls = await h.call<{ id: string }>('POST', `/schools/${A.id}/classes`, A.teacher.h, { name: 'Leaving class' });
    const leaver = await h.call<{ member: { user_id: string } }>('POST', `/schools/${A.id}/members`, A.admin.h, {
      email: 'leaver@theta.example.org',
      name: 'Lee Leaver',
      role: 'student',
    });
    const id = leaver.body.member.user_id;
    await h.call('POST', `/classes/${cls.body.id}/members`, A.teacher.h, { user_id: id, role: 'student' });
    await publishEvent(h.service.infra.bus, Events.usersDeleted, { user_id: id });
    await eventually(async () => ((await membershipOf(id)) ? null : true));
    const left = await h.call<{ members: Array<{ user_id: string }> }>('GET', `/classes/${cls.body.id}/members`, A.teacher.h);
    expect(left.body.members.map((m) => m.user_id)).toEqual([A.teacher.id]);
    const events = (await h.events())
      .filter((e) => e.type === Events.schoolsMembershipChanged.subject)
      .map((e) => e.data as SchoolMembership)
      .filter((d) => d.user_id === id);
    expect(events.at(-1)).toEqual({ user_id: id, school_id: null, school_role: null, status: null });
  });
});
