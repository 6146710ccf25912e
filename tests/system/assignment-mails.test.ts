/**
 * The "assignment open" mail (issue 31) through the gateway with schools, users, auth and rubric
 * real: a student switches the mail off on their profile (PUT /users/me, seen at once on /auth/me);
 * a teacher sets an assignment; schools' scheduler (kicked by the creation) asks the real users for
 * each student's address and switches and mails the others, linking the upload wizard. The rules
 * in detail (opens_at, the 24 h reminder, submitted, idempotence, the lease) are
 * services/schools/test/assignment-mails.int.test.ts.
 */
import { writtenMails } from '@corestone/service-kit/testing';
import { invitedSignIn, setupSuperAdmin } from '../support/api-setup';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';

let p: TestPlatform;
let superToken: string;
beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['gateway', 'auth', 'users', 'rubric', 'billing', 'evaluation', 'schools'] });
  superToken = await setupSuperAdmin(p, { name: 'Mo Mailer', email: uniqueEmail('mailsuper'), password: 'super-secret-1' });
});
afterAll(async () => {
  await p?.shutdown();
});

it('mails the class’s students when an assignment opens, honouring each one’s switch', async () => {
  const school = await p.api.call('POST', '/schools', {
    token: superToken,
    json: { name: 'Riverside Academy', time_zone: 'Europe/Berlin' },
  });
  expect(school.status).toBe(201);
  const sid = school.body.id as string;
  const member = async (role: string, label: string) => {
    const email = uniqueEmail(label);
    return { ...(await invitedSignIn(p, sid, superToken, email, role)), email };
  };
  const teacher = await member('teacher', 'rteach');
  // Made in this order: the scheduler takes an assignment's students by id (UUIDv7: creation order),
  // so once the last one's mail is written every earlier student's mail was decided.
  const ann = await member('student', 'rann');
  const ben = await member('student', 'rben');
  const cai = await member('student', 'rcai');

  // Ben switches the "assignment open" mail off; /users/me and the session's /auth/me both say so.
  const off = await p.api.call('PUT', '/users/me', { token: ben.token, json: { email_notifications: { assignment_opened: false } } });
  expect(off.status).toBe(200);
  const switches = { assignment_opened: false, assignment_due_soon: true, result_released: true };
  expect(off.body.email_notifications).toEqual(switches);
  expect((await p.api.call('GET', '/auth/me', { token: ben.token })).body.email_notifications).toEqual(switches);
  expect((await p.api.call('GET', '/users/me', { token: ann.token })).body.email_notifications).toEqual({
    ...switches,
    assignment_opened: true,
  });

  const cls = await p.api.call('POST', `/schools/${sid}/classes`, { token: teacher.token, json: { name: 'EE Riverside' } });
  expect(cls.status).toBe(201);
  for (const s of [ann, ben, cai]) {
    expect(
      (await p.api.call('POST', `/classes/${cls.body.id}/members`, { token: teacher.token, json: { user_id: s.id, role: 'student' } }))
        .status,
    ).toBe(201);
  }
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token: teacher.token })).body[0];
  // The real rubric decides: a TOK rubric does not fit an EE assignment.
  const tok = (await p.api.call('GET', '/rubrics/active?rubric_type=tok', { token: teacher.token })).body[0];
  const mismatch = await p.api.call('POST', `/classes/${cls.body.id}/assignments`, {
    token: teacher.token,
    json: { title: 'Wrong rubric', essay_type: 'ee', rubric_id: tok.id, due_at: '2030-06-14T21:59:00Z', release_mode: 'immediate' },
  });
  expect([mismatch.status, mismatch.body.code]).toEqual([400, 'RUBRIC_TYPE_MISMATCH']);
  const set = await p.api.call('POST', `/classes/${cls.body.id}/assignments`, {
    token: teacher.token,
    json: { title: 'EE final draft', essay_type: 'ee', rubric_id: rubric.id, due_at: '2030-06-14T21:59:00Z', release_mode: 'after_review' },
  });
  expect(set.status).toBe(201);
  expect(set.body).toMatchObject({ time_zone: 'Europe/Berlin', due_at: '2030-06-14T21:59:00.000Z', opens_at: null });

  const mailsTo = (email: string) =>
    writtenMails(p.env.MAIL_DIR!).filter((m) => m.to.includes(email) && m.subject.includes('EE final draft'));
  const [caiMail] = await waitFor('the open mail to the last student', async () => {
    const found = mailsTo(cai.email);
    return found.length ? found : null;
  });
  expect(caiMail.subject).toBe('New assignment: "EE final draft" (EE Riverside)');
  // 21:59 UTC on Friday 14 June is 23:59 in Berlin (summer time).
  expect(caiMail.raw).toContain('Due: Friday 14 June 2030, 23:59 (Europe/Berlin).');
  expect(caiMail.raw).toContain(`/dashboard/upload/ee?assignment=${set.body.id}`);
  expect(mailsTo(ann.email)).toHaveLength(1);
  expect(mailsTo(ben.email)).toHaveLength(0);
  expect(mailsTo(teacher.email)).toHaveLength(0);
});
