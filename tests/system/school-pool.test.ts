/**
 * The school credit pool through the gateway (issue 30), with auth, users, rubric, billing,
 * evaluation and grading as real processes: the gateway routes /schools/{id}/credits to billing, a
 * super admin grants the pool, a member student's essay is charged to it (their own credit
 * untouched), and evaluation answers the student billing's refusals — an empty pool, AI grading
 * switched off by the school — as 403 with their code and plain words. The schools service's
 * events are published here as it publishes them (billing only reads its copy of them).
 */
import { DEFAULT_SCHOOL_SETTINGS, Events, Messages, streamName, type SchoolSettings } from '@corestone/contracts';
import { connectBus, newId, publishEvent, type Bus } from '@corestone/service-kit';
import { EE_ESSAY } from '../fixtures/essays';
import { setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let bus: Bus;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'rubric', 'billing', 'evaluation', 'grading'] });
  bus = await connectBus({ url: p.run.env.NATS_URL, prefix: p.run.env.NATS_PREFIX, name: 'school-pool-test' });
});
afterAll(async () => {
  await bus?.close();
  await p?.shutdown();
});

/** Resolves once billing has handled every schools event published so far. */
async function billingCopied(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'schools'), 'billing-schools').catch(() => null);
    if (info && info.num_pending === 0 && info.num_ack_pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('billing did not copy the schools events');
}

async function schoolChanged(schoolId: string, settings: Partial<SchoolSettings> = {}) {
  await publishEvent(bus, Events.schoolsSchoolChanged, {
    school_id: schoolId,
    name: 'Lycée du Parc',
    settings: { ...DEFAULT_SCHOOL_SETTINGS, ...settings },
  });
  await billingCopied();
}

it("charges a member student's essays to the school pool and answers its refusals as 403 with plain words", async () => {
  const admin = await setupSuperAdmin(p, { name: 'Pool Admin', email: uniqueEmail('pool-admin'), password: 'correct-horse-9' });
  const signup = await p.api.signup(uniqueEmail('pool-student'));
  const token = signup.body.access_token as string;
  const studentId = signup.body.user.id as string;

  const schoolId = newId();
  await schoolChanged(schoolId);
  await publishEvent(bus, Events.schoolsMembershipChanged, {
    user_id: studentId,
    school_id: schoolId,
    school_role: 'student',
    status: 'active',
  });
  await billingCopied();

  // The gateway: only super admins grant; billing answers the pool's two paths.
  const refused = await p.api.call('POST', `/schools/${schoolId}/credits`, { token, json: { credits: 1, note: 'mine' } });
  expect(refused.status).toBe(403);
  const granted = await p.api.call('POST', `/schools/${schoolId}/credits`, {
    token: admin,
    json: { credits: 1, note: 'Invoice 2027-001' },
  });
  expect(granted.status).toBe(201);
  expect(granted.body).toMatchObject({
    school_id: schoolId,
    balance: 1,
    granted_total: 1,
    used_total: 0,
    entry: { kind: 'grant', note: 'Invoice 2027-001' },
  });
  expect((await p.api.call('GET', `/schools/${schoolId}/credits`, { token })).status).toBe(404);

  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
  // Each essay a different text: an unchanged essay would be answered with its stored result, uncharged.
  const submit = (title: string) =>
    p.api.call('POST', '/evaluation/evaluate-async', {
      token,
      form: p.api.essayForm(`${EE_ESSAY}\n\n${title}.`, { title, essay_type: 'ee', rubric_id: rubric.id }),
    });

  const first = await submit('Charged to the school');
  expect(first.status).toBe(201);
  expect((await p.api.waitForEvaluation(first.body.id, token)).status).toBe('completed');
  const pool = await p.api.call('GET', `/schools/${schoolId}/credits`, { token: admin });
  expect(pool.body).toMatchObject({ balance: 0, granted_total: 1, used_total: 1, usage_by_student: [{ user_id: studentId, used: 1 }] });
  expect(pool.body.entries[0]).toMatchObject({ kind: 'use', credits: -1, user_id: studentId, charge_key: first.body.id });
  // The student's own free credit is untouched.
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(1);

  // An empty pool refuses (no fall-back to the student's own credit).
  const empty = await submit('The pool is empty');
  expect(empty.status).toBe(403);
  expect(empty.body).toEqual({ code: 'SCHOOL_POOL_EMPTY', detail: Messages.SCHOOL_POOL_EMPTY });

  // The school switches AI grading off.
  await schoolChanged(schoolId, { ai_grader_enabled: false });
  await p.api.call('POST', `/schools/${schoolId}/credits`, { token: admin, json: { credits: 3, note: 'top-up' } });
  const off = await submit('AI grading is off');
  expect(off.status).toBe(403);
  expect(off.body).toEqual({ code: 'AI_GRADING_DISABLED_BY_SCHOOL', detail: Messages.AI_GRADING_DISABLED_BY_SCHOOL });

  // Refused submissions are not shown; the pool and the credit are as they were.
  expect((await p.api.call('GET', '/evaluation/my-evaluations', { token })).body.total).toBe(1);
  expect((await p.api.call('GET', `/schools/${schoolId}/credits`, { token: admin })).body).toMatchObject({ balance: 3, used_total: 1 });
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(1);
});
