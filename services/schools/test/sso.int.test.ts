import type { Subscription } from '@nats-io/transport-node';
import { Events, Rpc } from '@corestone/contracts';
import { callRpc, newId, publishEvent, serveRpc } from '@corestone/service-kit';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let sa: Person;
let A: Awaited<ReturnType<typeof seedSchool>>;
let B: Awaited<ReturnType<typeof seedSchool>>;
const TENANT = '8D88C9C2-2058-486D-9CD4-2FC9010326BC';

beforeAll(async () => {
  h = await startSchools('schsso');
  sa = await person(h, 'super_admin');
  A = await seedSchool(h, sa, 'Sigma School');
  B = await seedSchool(h, sa, 'Tau School');
  const set = await h.call('PATCH', `/schools/${A.id}`, sa.h, { email_domains: ['sigma.example.edu'], microsoft_tenant_ids: [TENANT] });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

const bus = () => h.service.infra.bus;
const admit = (req: { school_id: string; user_id: string; email: string; name: string; platform_role: 'student' | 'teacher' | 'admin' }) =>
  callRpc(bus(), Rpc.schoolsSsoAdmit, req).then(
    (ok) => ({ ok: true as const, ...ok }),
    (err: { statusCode: number; code: string }) => ({ ok: false as const, status: err.statusCode, code: err.code }),
  );
const memberOf = async (schoolId: string, userId: string) =>
  (await h.call<{ members: Array<Record<string, unknown>> }>('GET', `/schools/${schoolId}/members?limit=500`, sa.h)).body.members.find(
    (m) => m.user_id === userId,
  ) ?? null;

describe('rpc.schools.sso_school', () => {
  it('names the school that verified a Google Workspace domain or a Microsoft tenant (any letter case), with its SSO settings', async () => {
    const byDomain = await callRpc(bus(), Rpc.schoolsSsoSchool, { domain: 'Sigma.Example.EDU' });
    expect(byDomain.school).toEqual({ id: A.id, name: 'Sigma School', require_sso: false, new_member_role: 'student' });
    expect((await callRpc(bus(), Rpc.schoolsSsoSchool, { tenant_id: TENANT.toLowerCase() })).school?.id).toBe(A.id);
    expect((await callRpc(bus(), Rpc.schoolsSsoSchool, { tenant_id: newId() })).school).toBeNull();
    expect((await callRpc(bus(), Rpc.schoolsSsoSchool, { domain: 'tau.example.org' })).school).toBeNull(); // never verified
    expect((await callRpc(bus(), Rpc.schoolsSsoSchool, {})).school).toBeNull();
  });

  it('a school admin sets require_sso and the role for new members; the settings reach the answer and the school_changed event', async () => {
    const res = await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { require_sso: true, sso_new_member_role: 'teacher' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ settings: { require_sso: true, sso_new_member_role: 'teacher' } });
    expect((await callRpc(bus(), Rpc.schoolsSsoSchool, { domain: 'sigma.example.edu' })).school).toMatchObject({
      require_sso: true,
      new_member_role: 'teacher',
    });
    const changed = (await h.events()).filter((e) => e.type === Events.schoolsSchoolChanged.subject);
    expect(changed.at(-1)?.data).toMatchObject({ school_id: A.id, settings: { require_sso: true } });
    // a teacher may not, and a wrong value is a 400
    expect((await h.call('PATCH', `/schools/${A.id}`, A.teacher.h, { settings: { require_sso: false } })).status).toBe(403);
    expect((await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { sso_new_member_role: 'school_admin' } })).status).toBe(400);
    await h.call('PATCH', `/schools/${A.id}`, A.admin.h, { settings: { require_sso: false, sso_new_member_role: 'student' } });
  });
});

describe('rpc.schools.sso_admit', () => {
  it('makes an account without a membership an active member in the role of its platform role, once', async () => {
    const userId = newId();
    const r = await admit({
      school_id: A.id,
      user_id: userId,
      email: 'New.Teacher@Sigma.example.edu',
      name: 'Nia New',
      platform_role: 'teacher',
    });
    expect(r).toEqual({ ok: true, school_id: A.id, status: 'active' });
    expect(await memberOf(A.id, userId)).toMatchObject({
      email: 'new.teacher@sigma.example.edu',
      school_role: 'teacher',
      status: 'active',
      joined_by: 'email_domain',
    });
    expect(await admit({ school_id: A.id, user_id: userId, email: 'x@sigma.example.edu', name: 'x', platform_role: 'teacher' })).toEqual({
      ok: true,
      school_id: A.id,
      status: 'active',
    });
    const events = (await h.events()).filter(
      (e) => e.type === Events.schoolsMembershipChanged.subject && (e.data as { user_id: string }).user_id === userId,
    );
    expect(events).toHaveLength(1);
  });

  it('activates a domain sign-up waiting for approval and an invitation waiting for the person; a deactivated member stays so', async () => {
    const waiting = newId();
    await publishEvent(bus(), Events.usersCreated, {
      user_id: waiting,
      email: 'wait@sigma.example.edu',
      role: 'student',
      first_name: 'W',
      last_name: 'Ait',
    });
    for (let i = 0; i < 100 && !(await memberOf(A.id, waiting)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await memberOf(A.id, waiting)).toMatchObject({ status: 'pending', awaiting: 'school' });
    expect(
      await admit({ school_id: A.id, user_id: waiting, email: 'wait@sigma.example.edu', name: 'W', platform_role: 'student' }),
    ).toMatchObject({
      status: 'active',
    });
    expect(await memberOf(A.id, waiting)).toMatchObject({ status: 'active', awaiting: null });

    const invitedId = h.accounts.add('invited@sigma.example.edu', 'Ina Invited');
    expect(
      (await h.call('POST', `/schools/${A.id}/members`, A.admin.h, { email: 'invited@sigma.example.edu', name: 'Ina', role: 'student' }))
        .status,
    ).toBe(201);
    expect(await memberOf(A.id, invitedId)).toMatchObject({ status: 'pending', awaiting: 'member' });
    await admit({ school_id: A.id, user_id: invitedId, email: 'invited@sigma.example.edu', name: 'Ina', platform_role: 'student' });
    expect(await memberOf(A.id, invitedId)).toMatchObject({ status: 'active', awaiting: null });

    expect((await h.call('PATCH', `/schools/${A.id}/members/${invitedId}`, A.admin.h, { status: 'deactivated' })).status).toBe(200);
    expect(
      await admit({ school_id: A.id, user_id: invitedId, email: 'invited@sigma.example.edu', name: 'Ina', platform_role: 'student' }),
    ).toEqual({
      ok: true,
      school_id: A.id,
      status: 'deactivated',
    });
  });

  it('refuses a member of another school (409), leaves platform staff alone, and 404s an unknown school', async () => {
    expect(await admit({ school_id: A.id, user_id: B.student.id, email: B.student.email, name: 'b', platform_role: 'student' })).toEqual({
      ok: false,
      status: 409,
      code: 'IN_ANOTHER_SCHOOL',
    });
    expect(await memberOf(B.id, B.student.id)).toMatchObject({ status: 'active' });
    const staff = newId();
    expect(
      await admit({ school_id: A.id, user_id: staff, email: 'admin@sigma.example.edu', name: 'Ad Min', platform_role: 'admin' }),
    ).toEqual({
      ok: true,
      school_id: null,
      status: null,
    });
    expect(await memberOf(A.id, staff)).toBeNull();
    expect(await admit({ school_id: newId(), user_id: newId(), email: 'a@b.cd', name: 'x', platform_role: 'student' })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe('members list: who signed in how', () => {
  let auth: Subscription | null = null;
  afterEach(() => auth?.unsubscribe());

  it('shows each member’s last sign-in method and time from auth, and null when auth does not answer', async () => {
    const at = '2031-03-02T08:30:00.000Z';
    auth = serveRpc(
      bus(),
      Rpc.authSignInMethods,
      async ({ user_ids }) => ({
        users: user_ids
          .filter((id) => id === A.student.id || id === A.teacher.id)
          .map((id) => ({
            user_id: id,
            method: id === A.student.id ? ('microsoft' as const) : ('password' as const),
            at,
          })),
      }),
      h.service.app.log,
    );
    const list = await h.call<{ members: Array<{ user_id: string; last_sign_in: unknown }> }>('GET', `/schools/${A.id}/members`, A.admin.h);
    expect(list.status).toBe(200);
    const of = (id: string) => list.body.members.find((m) => m.user_id === id)?.last_sign_in;
    expect(of(A.student.id)).toEqual({ method: 'microsoft', at });
    expect(of(A.teacher.id)).toEqual({ method: 'password', at });
    expect(of(A.admin.id)).toBeNull();
    auth.unsubscribe();
    auth = null;
    const without = await h.call<{ members: Array<{ last_sign_in: unknown }> }>('GET', `/schools/${A.id}/members`, A.admin.h);
    expect(without.status).toBe(200);
    expect(without.body.members.every((m) => m.last_sign_in === null)).toBe(true);
  });
});
