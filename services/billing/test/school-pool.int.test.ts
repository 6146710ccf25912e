/**
 * The school credit pool (issue 30) on the real Postgres and NATS: billing's copy of the schools
 * service's events, the pool's routes, the choice of ledger on every charge, and the exact-credit
 * guarantees (concurrent charges never overdraw, one charge per key, one refund per charge, the cap).
 */
import {
  BillingCodes,
  BillingMessages,
  Codes,
  DEFAULT_SCHOOL_SETTINGS,
  Events,
  Messages,
  Rpc,
  streamName,
  type MembershipStatus,
  type SchoolRole,
  type SchoolSettings,
} from '@corestone/contracts';
import { HttpError, callRpc, newId, publishEvent } from '@corestone/service-kit';
import { schoolUsageBackfill } from '../src/store/migrations';
import { usageByClass, usageByStudent } from '../src/store/school-pools';
import { RETURN_URLS, startBilling, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startBilling('bpool', { SCHOOL_WAIT_MS: '300', PAYMENTS: 'local' });
});
afterAll(async () => {
  await h?.close();
});

const bus = () => h.service.infra.bus;
const consume = (user_id: string, evaluation_id: string) => callRpc(bus(), Rpc.billingConsumeCredit, { user_id, evaluation_id });
const consumeIn = (user_id: string, evaluation_id: string, class_id: string) =>
  callRpc(bus(), Rpc.billingConsumeCredit, { user_id, evaluation_id, class_id });
const refund = (evaluation_id: string) => callRpc(bus(), Rpc.billingRefundCredit, { evaluation_id });
const account = async (user_id: string) => (await callRpc(bus(), Rpc.billingGetAccount, { user_id })).account;
/** The refusal of a call, as {status, code, detail}; null when it succeeded. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
      return { status: err.statusCode, code: err.code, detail: err.detail };
    },
  );

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Every event published so far has been handled by the durable `durable` of `stream`. */
async function drained(stream: string, durable: string): Promise<void> {
  await until(async () => {
    const info = await bus().jsm.consumers.info(streamName(bus().prefix, stream), durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }, `${durable} drained`);
}

/** The schools service's two events, as it publishes them; resolves once billing's copy has them. */
async function school(settings: Partial<SchoolSettings> = {}, id = newId()): Promise<string> {
  await publishEvent(bus(), Events.schoolsSchoolChanged, {
    school_id: id,
    name: `School ${id.slice(-4)}`,
    settings: { ...DEFAULT_SCHOOL_SETTINGS, ...settings },
  });
  await drained('schools', 'billing-schools');
  return id;
}
/** schools.class_changed.v1 as the schools service publishes it; resolves once billing's copy has it. */
async function classCap(class_id: string, school_id: string, pool_cap: number | null) {
  await publishEvent(bus(), Events.schoolsClassChanged, { class_id, school_id, pool_cap });
  await drained('schools', 'billing-schools');
}
async function member(
  user_id: string,
  school_id: string | null,
  school_role: SchoolRole | null,
  status: MembershipStatus | null = 'active',
) {
  await publishEvent(bus(), Events.schoolsMembershipChanged, { user_id, school_id, school_role, status });
  await drained('schools', 'billing-schools');
}

async function grant(schoolId: string, credits: number, note = 'invoice 2027-001') {
  const admin = await h.user('super_admin');
  return h.app.inject({ method: 'POST', url: `/schools/${schoolId}/credits`, headers: admin.headers, payload: { credits, note } });
}
async function pool(schoolId: string) {
  const admin = await h.user('admin');
  const res = await h.app.inject({ url: `/schools/${schoolId}/credits?limit=500`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** A student (platform role) who is an active student member of `schoolId`. */
async function studentOf(schoolId: string, role: SchoolRole = 'student') {
  const u = await h.user(role === 'student' ? 'student' : 'teacher');
  await member(u.id, schoolId, role);
  return u;
}

describe("billing's copy of the schools events", () => {
  it('keeps the newest state of a school and of a membership, whatever repeats or arrives late', async () => {
    const copy = h.service.schools;
    const id = await school({ pool_cap_per_student: 3 });
    const user = newId();
    await member(user, id, 'teacher', 'pending');
    expect(await copy.standingOf(user)).toEqual({
      schoolId: id,
      role: 'teacher',
      status: 'pending',
      settings: { ...DEFAULT_SCHOOL_SETTINGS, pool_cap_per_student: 3 },
    });
    await member(user, id, 'school_admin', 'active');
    expect(await copy.standingOf(user)).toMatchObject({ role: 'school_admin', status: 'active' });

    // A late (lower stream sequence) or repeated event changes nothing.
    const at = { consumer: 'billing-schools', eventId: newId(), seq: 1 };
    expect(await copy.applyMembership(at, { user_id: user, school_id: null, school_role: null, status: null })).toBe(false);
    expect(await copy.applySchool(at, { school_id: id, name: 'old', settings: { ...DEFAULT_SCHOOL_SETTINGS, pool_enabled: false } })).toBe(
      false,
    );
    const newer = { consumer: 'billing-schools', eventId: newId(), seq: 1_000_000 };
    expect(await copy.applyMembership(newer, { user_id: user, school_id: null, school_role: null, status: null })).toBe(true);
    expect(await copy.applyMembership(newer, { user_id: user, school_id: id, school_role: 'student', status: 'active' })).toBe(false); // same event id
    expect(await copy.standingOf(user)).toEqual({ schoolId: null, role: null, status: null, settings: null });
    expect((await copy.standingOf(user))?.settings).toBeNull();
    expect(await copy.standingOf(newId())).toBeNull();
  });
});

describe('POST /schools/{id}/credits', () => {
  it('grants credits with a note (super admin), answering the new balance and the ledger entry', async () => {
    const id = await school();
    const res = await grant(id, 25, '  Invoice 2027-014 paid  ');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ school_id: id, balance: 25, granted_total: 25, used_total: 0 });
    expect(body.entry).toMatchObject({ kind: 'grant', credits: 25, note: 'Invoice 2027-014 paid', charge_key: null });
    expect(body.entry.actor).toBe(`admin:${body.entry.user_id}`);
    expect(new Date(body.entry.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = (await grant(id, 5, 'top-up')).json();
    expect(again).toMatchObject({ balance: 30, granted_total: 30, used_total: 0 });
  });

  it('refuses other roles, bad bodies and schools billing has not heard of', async () => {
    const id = await school();
    for (const role of ['admin', 'teacher', 'student'] as const) {
      const caller = await h.user(role);
      const res = await h.app.inject({
        method: 'POST',
        url: `/schools/${id}/credits`,
        headers: caller.headers,
        payload: { credits: 5, note: 'x' },
      });
      expect([role, res.statusCode]).toEqual([role, 403]);
    }
    expect((await h.app.inject({ method: 'POST', url: `/schools/${id}/credits`, payload: { credits: 5, note: 'x' } })).statusCode).toBe(
      401,
    );
    for (const payload of [
      { credits: 0, note: 'x' },
      { credits: -3, note: 'x' },
      { credits: 1.5, note: 'x' },
      { credits: 5 },
      { credits: 5, note: '' },
      { credits: 5, note: '   ' },
      { credits: 5_000_000, note: 'x' },
      {},
    ]) {
      const admin = await h.user('super_admin');
      const res = await h.app.inject({ method: 'POST', url: `/schools/${id}/credits`, headers: admin.headers, payload });
      expect([payload, res.statusCode, res.json().code]).toEqual([payload, 400, 'VALIDATION_ERROR']);
    }
    const unknown = await grant(newId(), 5);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: BillingCodes.SCHOOL_NOT_FOUND, detail: BillingMessages.SCHOOL_NOT_FOUND });
    expect((await pool(id)).balance).toBe(0);
  });

  it('accepts a grant for a school whose event arrives while the request waits', async () => {
    const id = newId();
    const pending = grant(id, 4);
    await new Promise((r) => setTimeout(r, 50));
    await school({}, id);
    const res = await pending;
    expect(res.statusCode).toBe(201);
    expect(res.json().balance).toBe(4);
  });
});

describe('GET /schools/{id}/credits', () => {
  it('answers admins for any school, a school admin for their own school only, and everyone else 404', async () => {
    const a = await school();
    const b = await school();
    await grant(a, 7);
    const adminOfA = await h.user('teacher');
    await member(adminOfA.id, a, 'school_admin');
    const pendingAdminOfA = await h.user('teacher');
    await member(pendingAdminOfA.id, a, 'school_admin', 'pending');
    const deactivatedAdminOfA = await h.user('teacher');
    await member(deactivatedAdminOfA.id, a, 'school_admin', 'deactivated');
    const teacherOfA = await studentOf(a, 'teacher');
    const studentOfA = await studentOf(a);
    const outsider = await h.user('student');
    const get = (headers: Record<string, string>, id: string) => h.app.inject({ url: `/schools/${id}/credits`, headers });

    for (const role of ['admin', 'super_admin'] as const) {
      const caller = await h.user(role);
      expect((await get(caller.headers, a)).json()).toMatchObject({ school_id: a, balance: 7, granted_total: 7 });
      expect((await get(caller.headers, b)).json()).toEqual({
        school_id: b,
        balance: 0,
        granted_total: 0,
        used_total: 0,
        entries: [],
        usage_by_student: [],
        usage_by_class: [],
      });
      expect((await get(caller.headers, newId())).statusCode).toBe(404);
    }
    const own = await get(adminOfA.headers, a);
    expect(own.statusCode).toBe(200);
    expect(own.json().entries).toHaveLength(1);
    for (const [who, caller, id] of [
      ['school admin, other school', adminOfA, b],
      ['pending school admin', pendingAdminOfA, a],
      ['deactivated school admin', deactivatedAdminOfA, a],
      ['teacher of the school', teacherOfA, a],
      ['student of the school', studentOfA, a],
      ['outsider', outsider, a],
      ['school admin, unknown school', adminOfA, newId()],
    ] as const) {
      const res = await get(caller.headers, id);
      expect([who, res.statusCode, res.json()]).toEqual([
        who,
        404,
        { code: BillingCodes.SCHOOL_NOT_FOUND, detail: BillingMessages.SCHOOL_NOT_FOUND },
      ]);
    }
    expect((await h.app.inject({ url: `/schools/${a}/credits` })).statusCode).toBe(401);
    const admin = await h.user('admin');
    expect((await h.app.inject({ url: `/schools/${a}/credits?limit=0`, headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('charging a member of a school with the pool', () => {
  it('charges exactly N of many concurrent submissions to a pool of N credits, never personal credits', async () => {
    const id = await school();
    await grant(id, 5);
    const students = await Promise.all([1, 2, 3, 4].map(() => studentOf(id)));
    const keys = Array.from({ length: 12 }, (_, i) => ({ user: students[i % 4].id, key: newId() }));
    const outcomes = await Promise.all(keys.map((k) => refusal(consume(k.user, k.key))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(5);
    for (const o of outcomes.filter((x) => x !== null)) {
      expect(o).toEqual({ status: 403, code: Codes.SCHOOL_POOL_EMPTY, detail: Messages.SCHOOL_POOL_EMPTY });
    }
    const view = await pool(id);
    expect(view).toMatchObject({ balance: 0, granted_total: 5, used_total: 5 });
    expect(view.entries.filter((e: { kind: string }) => e.kind === 'use')).toHaveLength(5);
    expect(view.usage_by_student.reduce((n: number, u: { used: number }) => n + u.used, 0)).toBe(5);
    // Personal credits untouched: an empty pool does not fall back to them.
    for (const s of students) expect((await account(s.id)).essay_credits).toBe(1);
  });

  it('answers which ledger it charged, and a repeated key (also concurrent) charges once', async () => {
    const id = await school();
    await grant(id, 3);
    const s = await studentOf(id);
    const key = newId();
    const answers = await Promise.all(Array.from({ length: 6 }, () => consume(s.id, key)));
    for (const a of answers)
      expect(a).toMatchObject({ charged: true, ledger: 'school', school_id: id, account: { user_id: s.id, essay_credits: 1 } });
    expect(await pool(id)).toMatchObject({ balance: 2, used_total: 1 });
    // The same key after the member left the school: the first outcome, nothing charged anywhere.
    await member(s.id, null, null, null);
    expect(await consume(s.id, key)).toMatchObject({ charged: true, ledger: 'school', school_id: id });
    expect(await pool(id)).toMatchObject({ balance: 2, used_total: 1 });
    expect((await account(s.id)).essay_credits).toBe(1);
    // The same key for another user is refused, as for personal charges.
    expect(await refusal(consume(newId(), key))).toMatchObject({ status: 409, code: Codes.EVALUATION_ALREADY_CHARGED });
  });

  it('refunds a failed evaluation to the pool it was charged to, exactly once', async () => {
    const id = await school();
    await grant(id, 2);
    const s = await studentOf(id);
    const evaluation = newId();
    await consume(s.id, evaluation);
    const retryKey = `${evaluation}#2`;
    await consume(s.id, retryKey);
    expect(await pool(id)).toMatchObject({ balance: 0, used_total: 2 });

    const data = { evaluation_id: evaluation, user_id: s.id, reason: 'grading failed' };
    await Promise.all([
      publishEvent(bus(), Events.evaluationFailed, data),
      publishEvent(bus(), Events.evaluationFailed, data), // a second event (new id) for the same failure
      refund(evaluation),
      refund(evaluation),
    ]);
    await drained('evaluation', 'billing-refunds');
    expect(await pool(id)).toMatchObject({ balance: 1, granted_total: 2, used_total: 1 });
    expect(await refund(evaluation)).toMatchObject({ refunded: true, account: { user_id: s.id, essay_credits: 1 } });
    expect(await pool(id)).toMatchObject({ balance: 1, used_total: 1 });

    // The retry's key is refunded on its own, to the same pool, even after the member moved on.
    await member(s.id, null, null, null);
    await publishEvent(bus(), Events.evaluationFailed, { ...data, charge_key: retryKey });
    await drained('evaluation', 'billing-refunds');
    const view = await pool(id);
    expect(view).toMatchObject({ balance: 2, used_total: 0 });
    expect(
      view.entries.map((e: { kind: string; credits: number; charge_key: string | null }) => [e.kind, e.credits, e.charge_key]),
    ).toEqual([
      ['refund', 1, retryKey],
      ['refund', 1, evaluation],
      ['use', -1, retryKey],
      ['use', -1, evaluation],
      ['grant', 2, null],
    ]);
    expect(view.entries[0].actor).toBe('system:evaluation-failed');
    expect(view.entries[3].actor).toBe(`user:${s.id}`);
    expect(view.usage_by_student).toEqual([{ user_id: s.id, used: 0 }]);
    expect((await account(s.id)).essay_credits).toBe(1);
    // A repeat of a refunded key answers its first outcome and charges nothing.
    expect(await consume(s.id, evaluation)).toMatchObject({ charged: true, ledger: 'school' });
    expect((await pool(id)).balance).toBe(2);
  });

  it("holds the school's cap per student, under concurrency too; refunds free it again; teachers are not capped", async () => {
    const id = await school({ pool_cap_per_student: 3 });
    await grant(id, 50);
    const s = await studentOf(id);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => refusal(consume(s.id, newId()))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(3);
    for (const o of outcomes.filter((x) => x !== null)) {
      expect(o).toEqual({ status: 403, code: Codes.SCHOOL_POOL_CAP_REACHED, detail: Messages.SCHOOL_POOL_CAP_REACHED(3) });
    }
    expect(Messages.SCHOOL_POOL_CAP_REACHED(3)).toContain('all 3 essay credits');
    const view = await pool(id);
    expect(view).toMatchObject({ balance: 47, used_total: 3 });
    expect(view.usage_by_student).toEqual([{ user_id: s.id, used: 3 }]);

    const used = view.entries.find((e: { kind: string }) => e.kind === 'use').charge_key as string;
    await refund(used);
    expect(await consume(s.id, newId())).toMatchObject({ ledger: 'school' });
    expect(await refusal(consume(s.id, newId()))).toMatchObject({ code: Codes.SCHOOL_POOL_CAP_REACHED });

    const teacher = await studentOf(id, 'teacher');
    for (let i = 0; i < 5; i++) expect(await consume(teacher.id, newId())).toMatchObject({ ledger: 'school' });
    const after = await pool(id);
    expect(after.usage_by_student).toEqual([
      { user_id: teacher.id, used: 5 },
      { user_id: s.id, used: 3 },
    ]);
    expect(after).toMatchObject({ balance: 42, granted_total: 50, used_total: 8 });
  });

  it("holds a class's cap (schools.class_changed.v1) under concurrency, records each use's class and shows the use per class", async () => {
    const id = await school();
    await grant(id, 100);
    const capped = newId();
    const open = newId();
    const idle = newId();
    await classCap(capped, id, 4);
    await classCap(idle, id, 7);
    const students = await Promise.all([studentOf(id), studentOf(id), studentOf(id)]);
    // 12 concurrent charges of three students into the capped class: exactly 4.
    const keys = Array.from({ length: 12 }, () => newId());
    const outcomes = await Promise.all(keys.map((key, i) => refusal(consumeIn(students[i % 3].id, key, capped))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(4);
    for (const o of outcomes.filter((x) => x !== null)) {
      expect(o).toEqual({ status: 403, code: Codes.CLASS_POOL_CAP_REACHED, detail: Messages.CLASS_POOL_CAP_REACHED(4) });
    }
    expect(Messages.CLASS_POOL_CAP_REACHED(4)).toContain('all 4 essay credits');
    // Other classes and essays of no class are not held by it; teachers into the class are.
    expect(await consumeIn(students[0].id, newId(), open)).toMatchObject({ ledger: 'school', school_id: id });
    expect(await consume(students[0].id, newId())).toMatchObject({ ledger: 'school' });
    const teacher = await studentOf(id, 'teacher');
    expect(await refusal(consumeIn(teacher.id, newId(), capped))).toMatchObject({ code: Codes.CLASS_POOL_CAP_REACHED });

    let view = await pool(id);
    expect(view).toMatchObject({ balance: 94, used_total: 6 });
    expect(view.usage_by_class).toEqual([
      { class_id: capped, used: 4, refunded: 0, cap: 4 },
      { class_id: open, used: 1, refunded: 0, cap: null },
      { class_id: idle, used: 0, refunded: 0, cap: 7 },
    ]);

    // A refund goes back to the class too: one more charge fits, then the cap holds again.
    const first = outcomes.indexOf(null);
    const usedInCapped = keys[first];
    expect(await refund(usedInCapped)).toMatchObject({ refunded: true });
    expect(await consumeIn(students[1].id, newId(), capped)).toMatchObject({ ledger: 'school' });
    expect(await refusal(consumeIn(students[2].id, newId(), capped))).toMatchObject({ code: Codes.CLASS_POOL_CAP_REACHED });
    // A repeated key answers its first outcome whatever the cap says now.
    expect(await refusal(consumeIn(students[first % 3].id, usedInCapped, capped))).toBeNull();
    view = await pool(id);
    expect(view.usage_by_class[0]).toEqual({ class_id: capped, used: 4, refunded: 1, cap: 4 });

    // The school raises the cap (a newer event), then clears it; a late older event changes nothing.
    await classCap(capped, id, 6);
    for (let i = 0; i < 2; i++) expect(await consumeIn(students[2].id, newId(), capped)).toMatchObject({ ledger: 'school' });
    expect(await refusal(consumeIn(students[0].id, newId(), capped))).toMatchObject({ detail: Messages.CLASS_POOL_CAP_REACHED(6) });
    const stale = { consumer: 'billing-schools', eventId: newId(), seq: 1 };
    expect(await h.service.schools.applyClass(stale, { class_id: capped, school_id: id, pool_cap: 0 })).toBe(false);
    await classCap(capped, id, null);
    for (let i = 0; i < 3; i++) expect(await consumeIn(students[i].id, newId(), capped)).toMatchObject({ ledger: 'school' });
    expect((await pool(id)).usage_by_class[0]).toEqual({ class_id: capped, used: 9, refunded: 1, cap: null });
  });

  it("neither caps nor records a class billing knows as another school's", async () => {
    const mine = await school();
    const other = await school();
    await grant(mine, 5);
    const foreign = newId();
    await classCap(foreign, other, 0);
    const s = await studentOf(mine);
    expect(await consumeIn(s.id, newId(), foreign)).toMatchObject({ ledger: 'school', school_id: mine });
    expect((await pool(mine)).usage_by_class).toEqual([]);
    expect((await pool(other)).usage_by_class).toEqual([{ class_id: foreign, used: 0, refunded: 0, cap: 0 }]);
    // A personal charge records no class either (it is not the pool's).
    const individual = await h.user('student');
    expect(await consumeIn(individual.id, newId(), foreign)).toMatchObject({ ledger: 'personal' });
    expect(await refusal(callRpc(bus(), Rpc.billingConsumeCredit, { user_id: s.id, evaluation_id: newId(), class_id: '' }))).toMatchObject({
      status: 400,
    });
  });

  it('charges members of a school that switched AI grading off as before (the built-in grader grades them)', async () => {
    const id = await school();
    await grant(id, 5);
    const s = await studentOf(id);
    const before = newId();
    await consume(s.id, before);
    await school({ ai_grader_enabled: false }, id);
    expect(await consume(s.id, newId())).toMatchObject({ charged: true, ledger: 'school', school_id: id });
    // Pool off too: the member's own credit, as for any school without the pool.
    await school({ ai_grader_enabled: false, pool_enabled: false }, id);
    const teacher = await studentOf(id, 'teacher');
    expect(await consume(teacher.id, newId())).toMatchObject({ charged: true, ledger: 'personal', account: { essay_credits: 0 } });
    // A charge made before answers as it was.
    expect(await consume(s.id, before)).toMatchObject({ charged: true, ledger: 'school' });
    expect(await pool(id)).toMatchObject({ balance: 3, used_total: 2 });
  });

  it('uses personal credits for individuals, pending and deactivated members, and schools without the pool', async () => {
    const withPool = await school();
    await grant(withPool, 10);
    const noPool = await school({ pool_enabled: false });
    await grant(noPool, 10);
    const individual = await h.user('student');
    const pending = await h.user('student');
    await member(pending.id, withPool, 'student', 'pending');
    const deactivated = await h.user('student');
    await member(deactivated.id, withPool, 'student', 'deactivated');
    const left = await h.user('student');
    await member(left.id, null, null, null);
    const noPoolMember = await studentOf(noPool);
    for (const u of [individual, pending, deactivated, left, noPoolMember]) {
      expect(await consume(u.id, newId())).toMatchObject({ charged: true, ledger: 'personal', account: { essay_credits: 0 } });
      expect(await refusal(consume(u.id, newId()))).toMatchObject({ status: 403, code: Codes.NO_CREDITS });
    }
    expect(await pool(withPool)).toMatchObject({ balance: 10, used_total: 0 });
    expect(await pool(noPool)).toMatchObject({ balance: 10, used_total: 0 });
  });

  it('refunds a personal charge to the account even when the user has joined a pool since', async () => {
    const id = await school();
    await grant(id, 3);
    const u = await h.user('student');
    const key = newId();
    expect(await consume(u.id, key)).toMatchObject({ ledger: 'personal' });
    await member(u.id, id, 'student');
    expect(await refund(key)).toMatchObject({ refunded: true, account: { essay_credits: 1 } });
    expect(await pool(id)).toMatchObject({ balance: 3, used_total: 0 });
    expect(await consume(u.id, newId())).toMatchObject({ ledger: 'school', account: { essay_credits: 1 } });
  });

  it("a membership arriving before its school's settings uses the school's defaults (the pool)", async () => {
    const id = newId();
    const s = await studentOf(id);
    expect(await refusal(consume(s.id, newId()))).toMatchObject({ code: Codes.SCHOOL_POOL_EMPTY });
    await school({}, id);
    await grant(id, 1);
    expect(await consume(s.id, newId())).toMatchObject({ ledger: 'school', school_id: id });
  });
});

describe('checkout for school members', () => {
  const checkout = (headers: Record<string, string>) =>
    h.app.inject({
      method: 'POST',
      url: '/subscription/create-checkout-session',
      headers,
      payload: { plan_type: 'core_pack', ...RETURN_URLS },
    });

  it('refuses a student of a school that does not let students buy credits; others buy as before', async () => {
    const closed = await school({ students_may_buy_credits: false });
    const open = await school();
    const student = await studentOf(closed);
    const res = await checkout(student.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: BillingCodes.CHECKOUT_DISABLED_BY_SCHOOL, detail: BillingMessages.CHECKOUT_DISABLED_BY_SCHOOL });

    const teacherMember = await studentOf(closed, 'teacher');
    const pendingStudent = await h.user('student');
    await member(pendingStudent.id, closed, 'student', 'pending');
    const openStudent = await studentOf(open);
    const individual = await h.user('student');
    for (const u of [teacherMember, pendingStudent, openStudent, individual]) {
      const ok = await checkout(u.headers);
      expect([u.id, ok.statusCode]).toEqual([u.id, 200]);
    }
  });
});

describe("a school's use per member and per class, kept as totals (issue 34 §2, migration 007)", () => {
  const db = () => h.service.infra.db.pool;
  /** The use per member and per class recounted from every ledger line (the view's statements before 007). */
  async function recount(schoolId: string) {
    const byStudent = await db().query(
      `SELECT user_id, -SUM(credits) AS used FROM school_ledger
       WHERE school_id = $1 AND kind IN ('use', 'refund') GROUP BY user_id ORDER BY used DESC, user_id`,
      [schoolId],
    );
    const byClass = await db().query(
      `SELECT class_id, COALESCE(u.used, 0) AS used, COALESCE(u.refunded, 0) AS refunded, c.pool_cap AS cap
       FROM (SELECT class_id, -SUM(credits) AS used, COUNT(*) FILTER (WHERE kind = 'refund') AS refunded
             FROM school_ledger WHERE school_id = $1 AND class_id IS NOT NULL AND kind IN ('use', 'refund') GROUP BY class_id) u
       FULL JOIN (SELECT class_id, pool_cap FROM school_classes WHERE school_id = $1 AND pool_cap IS NOT NULL) c USING (class_id)
       ORDER BY 2 DESC, 1`,
      [schoolId],
    );
    return {
      usage_by_student: byStudent.rows.map((u) => ({ user_id: u.user_id, used: Number(u.used) })),
      usage_by_class: byClass.rows.map((c) => ({ class_id: c.class_id, used: Number(c.used), refunded: Number(c.refunded), cap: c.cap })),
    };
  }

  it('equal a full recount after grants, concurrent charges (capped, repeated), refunds and more charges', async () => {
    const id = await school({ pool_cap_per_student: 6 });
    const other = await school();
    await grant(id, 20);
    await grant(other, 5);
    const capped = newId();
    const open = newId();
    await classCap(capped, id, 5);
    const students = await Promise.all([studentOf(id), studentOf(id), studentOf(id), studentOf(id, 'teacher')]);
    const outsider = await studentOf(other);
    const keys = Array.from({ length: 24 }, () => newId());
    const charge = (key: string, i: number) => {
      const user = students[i % 4].id;
      return refusal(i % 3 === 0 ? consumeIn(user, key, capped) : i % 3 === 1 ? consumeIn(user, key, open) : consume(user, key));
    };
    // Concurrent charges, each key twice, with the other school's charges between them.
    await Promise.all([
      ...keys.flatMap((key, i) => [charge(key, i), charge(key, i)]),
      ...[1, 2, 3].map(() => refusal(consumeIn(outsider.id, newId(), open))),
    ]);
    const charged = (await pool(id)).entries
      .filter((e: { kind: string }) => e.kind === 'use')
      .map((e: { charge_key: string }) => e.charge_key);
    expect(charged.length).toBeGreaterThan(5);
    // Refunds (some twice, concurrently) while more credits are granted and more charges come.
    await Promise.all([
      ...charged.slice(0, 4).flatMap((key: string) => [refund(key), refund(key)]),
      grant(id, 10),
      ...keys.slice(0, 6).map((_, i) => charge(newId(), i)),
    ]);
    await refund(charged[4]);
    for (let i = 0; i < 8; i++) await charge(newId(), i);

    for (const school_id of [id, other]) {
      const view = await pool(school_id);
      expect({ usage_by_student: view.usage_by_student, usage_by_class: view.usage_by_class }).toEqual(await recount(school_id));
      expect(view.usage_by_student.reduce((n: number, u: { used: number }) => n + u.used, 0)).toBe(view.used_total);
    }
    const view = await pool(id);
    expect(view.usage_by_class.find((c: { class_id: string }) => c.class_id === capped)).toMatchObject({ cap: 5 });
    expect(view.usage_by_class.reduce((n: number, c: { refunded: number }) => n + c.refunded, 0)).toBeGreaterThan(0);
  });

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    Plans?: PlanNode[];
  }
  /** Every table a plan reads, as "<node type> <table>". */
  const scans = (node: PlanNode, into: string[] = []): string[] => {
    if (node['Relation Name']) into.push(`${node['Node Type']} ${node['Relation Name']}`);
    for (const child of node.Plans ?? []) scans(child, into);
    return into;
  };
  const plan = async (text: string, schoolId: string) =>
    scans((await db().query(`EXPLAIN (FORMAT JSON) ${text}`, [schoolId])).rows[0]['QUERY PLAN'][0].Plan);

  /** `lines` pool uses and refunds over `schools` schools of 60 members and 9 classes each, written at once. */
  async function addLines(schools: string[], lines: number): Promise<void> {
    await db().query(`INSERT INTO school_pools (school_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [schools]);
    await db().query(
      `INSERT INTO school_ledger (id, school_id, kind, credits, user_id, charge_key, idempotency_key, actor, class_id)
       SELECT gen_random_uuid(), s[1 + i % cardinality(s)], CASE WHEN i % 7 = 0 THEN 'refund' ELSE 'use' END,
         CASE WHEN i % 7 = 0 THEN 1 ELSE -1 END, 'u' || (i / cardinality(s) % 60) || '-' || (i % cardinality(s)), 'k' || i || $2,
         'line:' || i || $2, 'test', CASE WHEN i / cardinality(s) % 4 = 0 THEN NULL ELSE 'c' || (i / cardinality(s) % 9) || '-' || (i % cardinality(s)) END
       FROM generate_series(1, $3::int) i, (SELECT $1::text[] AS s) a`,
      [schools, newId(), lines],
    );
  }

  it("reads neither at 0 nor at thousands of ledger lines the school's ledger, with and without statistics", async () => {
    const empty = newId();
    for (const text of [usageByStudent, usageByClass])
      expect((await plan(text, empty)).filter((s) => s.endsWith('school_ledger'))).toEqual([]);

    const schools = Array.from({ length: 40 }, () => newId());
    await addLines(schools, 6000);
    for (const analyzed of [false, true]) {
      if (analyzed) await db().query(`ANALYZE school_ledger, school_student_usage, school_class_usage, school_classes`);
      const student = await plan(usageByStudent, schools[3]);
      expect(student).toHaveLength(1);
      expect(student[0]).toMatch(/^(Index|Bitmap Heap) Scan school_student_usage$/);
      const byClass = await plan(usageByClass, schools[3]);
      expect(byClass.some((s) => s.includes('school_ledger') || s === 'Seq Scan school_class_usage')).toBe(false);
    }
    // The totals the trigger kept for lines written at once are the recount too.
    for (const s of schools.slice(0, 3)) {
      const view = await h.service.pools.view(s, 1);
      expect({ usage_by_student: view.usage_by_student, usage_by_class: view.usage_by_class }).toEqual(await recount(s));
      expect([view.usage_by_student.length, view.usage_by_class.length]).toEqual([60, 9]);
    }
    // The migration's backfill from the ledger counts the same totals.
    const kept = await db().query(`SELECT * FROM school_student_usage ORDER BY 1, 2`);
    const keptByClass = await db().query(`SELECT * FROM school_class_usage ORDER BY 1, 2`);
    await db().query(`TRUNCATE school_student_usage, school_class_usage; ${schoolUsageBackfill}`);
    expect((await db().query(`SELECT * FROM school_student_usage ORDER BY 1, 2`)).rows).toEqual(kept.rows);
    expect((await db().query(`SELECT * FROM school_class_usage ORDER BY 1, 2`)).rows).toEqual(keptByClass.rows);
    expect(kept.rowCount).toBeGreaterThan(2400);
  });
});
