/**
 * The "assignment open" and "due in 24 h" mails (issue 31) on the real Postgres and NATS, mails
 * written to this run's folder. Passes run by hand at chosen instants (runOnce(now)), so no test
 * waits for a clock: each scenario uses its own year, created just before its passes, so an
 * earlier scenario's passes never see a later one's assignments.
 */
import { Pool } from 'pg';
import type { Assignment, EmailNotifications } from '@corestone/contracts';
import { startSingletonJob } from '@corestone/service-kit';
import { writtenMails } from '@corestone/service-kit/testing';
import { AssignmentPeersStandIn } from './assignment-peers';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let peers: AssignmentPeersStandIn;
let sa: Person;
let S: Awaited<ReturnType<typeof seedSchool>>;
let rubric: string;
let n = 0;

const HOUR = 3600_000;
const t = (iso: string, plusHours = 0) => new Date(new Date(iso).getTime() + plusHours * HOUR);
const mails = (title: string) => writtenMails(h.mailDir).filter((m) => m.subject.includes(`"${title}"`));

beforeAll(async () => {
  h = await startSchools('schmail');
  peers = new AssignmentPeersStandIn(h).start();
  sa = await person(h, 'super_admin');
  S = await seedSchool(h, sa, 'Nu Academy');
  await h.call('PATCH', `/schools/${S.id}`, S.admin.h, { time_zone: 'Asia/Tokyo' });
  rubric = peers.rubric('ee');
});
afterAll(async () => {
  peers?.stop();
  await h?.close();
});

/** A class of the school with `count` new students (each with an account users knows). */
async function classWith(count: number): Promise<{ id: string; students: Person[] }> {
  const cls = await h.call<{ id: string }>('POST', `/schools/${S.id}/classes`, S.teacher.h, { name: `Class ${++n}` });
  const students: Person[] = [];
  for (let i = 0; i < count; i++) {
    const email = `student${n}.${i}@nu.example.org`;
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${S.id}/members`, sa.h, {
      email,
      name: `Stu ${n}.${i}`,
      role: 'student',
    });
    const id = res.body.member.user_id;
    expect((await h.call('POST', `/classes/${cls.body.id}/members`, S.admin.h, { user_id: id, role: 'student' })).status).toBe(201);
    students.push({ id, role: 'student', email, h: await h.headers(id, 'student') });
  }
  return { id: cls.body.id, students };
}

async function assign(classId: string, body: Record<string, unknown>): Promise<Assignment> {
  const res = await h.call<Assignment>('POST', `/classes/${classId}/assignments`, S.teacher.h, {
    essay_type: 'ee',
    rubric_id: rubric,
    release_mode: 'after_review',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const switchOff = (p: Person, key: keyof EmailNotifications) => peers.switches.set(p.id, { ...peers.switches.get(p.id), [key]: false });
const markers = async (a: Assignment) =>
  (await h.service.assignmentStore.markers(a.id)).map((m) => [m.user_id, m.kind, m.outcome, m.reason]);

describe('the "assignment open" mail', () => {
  it('goes to each enrolled student at creation when open, with the deadline in the school’s zone; once', async () => {
    const { id, students } = await classWith(3);
    const [ann, ben, cal] = students;
    switchOff(ben, 'assignment_opened');
    // A teacher of the class and a student of another class get nothing.
    const a = await assign(id, { title: 'Open now', due_at: '2031-03-01T15:30:00Z', instructions: 'Bring your research question.' });
    const first = await h.service.assignmentMails.runOnce(t('2031-02-01T00:00:00Z'));
    expect(first).toEqual({ sent: 2, skipped: 1, failed: 0 });
    const sent = mails('Open now');
    expect(sent.map((m) => m.to).sort()).toEqual([ann.email, cal.email].sort());
    const mail = sent.find((m) => m.to === ann.email)!;
    expect(mail.subject).toBe(`New assignment: "Open now" (Class ${n})`);
    expect(mail.raw).toContain('Hello Stu');
    expect(mail.raw).toContain(`A new assignment is open in Class ${n}: "Open now" (EE final).`);
    // 15:30 UTC on Saturday 1 March is 00:30 on Sunday 2 March in Tokyo.
    expect(mail.raw).toContain('Due: Sunday 2 March 2031, 00:30 (Asia/Tokyo).');
    expect(mail.raw).toContain('Bring your research question.');
    expect(mail.raw).toContain(`http://localhost:8080/dashboard/upload/ee?assignment=${a.id}`);
    expect(await markers(a)).toEqual(
      expect.arrayContaining([
        [ann.id, 'opened', 'sent', null],
        [ben.id, 'opened', 'skipped', 'switched_off'],
        [cal.id, 'opened', 'sent', null],
      ]),
    );
    // Again, and again later: nothing more (the markers), and switching back on does not resend.
    peers.switches.delete(ben.id);
    expect(await h.service.assignmentMails.runOnce(t('2031-02-01T00:00:00Z'))).toMatchObject({ sent: 0, skipped: 0 });
    expect(await h.service.assignmentMails.runOnce(t('2031-02-10T00:00:00Z'))).toMatchObject({ sent: 0, skipped: 0 });
    expect(mails('Open now')).toHaveLength(2);
  });

  it('waits for opens_at; a student enrolled later still gets it; archived work and past deadlines mail nobody', async () => {
    const { id, students } = await classWith(1);
    const later = await assign(id, { title: 'Opens later', opens_at: '2032-01-10T09:00:00Z', due_at: '2032-01-20T09:00:00Z' });
    const archived = await assign(id, { title: 'Archived one', due_at: '2032-01-20T09:00:00Z' });
    await h.call('PATCH', `/assignments/${archived.id}`, S.teacher.h, { archived: true });
    const past = await assign(id, { title: 'Already past', due_at: '2032-01-01T09:00:00Z' });
    await h.service.assignmentMails.runOnce(t('2032-01-10T08:59:00Z'));
    expect(mails('Opens later')).toHaveLength(0);
    await h.service.assignmentMails.runOnce(t('2032-01-10T09:00:00Z'));
    expect(mails('Opens later').map((m) => m.to)).toEqual([students[0].email]);
    // A student enrolled after the opening mail is told at the next pass.
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${S.id}/members`, sa.h, {
      email: 'late.joiner@nu.example.org',
      name: 'Late Joiner',
      role: 'student',
    });
    await h.call('POST', `/classes/${id}/members`, S.admin.h, { user_id: res.body.member.user_id, role: 'student' });
    await h.service.assignmentMails.runOnce(t('2032-01-11T09:00:00Z'));
    expect(mails('Opens later').map((m) => m.to)).toEqual([students[0].email, 'late.joiner@nu.example.org']);
    expect(mails('Archived one')).toHaveLength(0);
    expect(mails('Already past')).toHaveLength(0);
    expect(await markers(archived)).toEqual([]);
    expect(await markers(past)).toEqual([]);
    expect(later.opens_at).toBe('2032-01-10T09:00:00.000Z');
  });
});

describe('the "due in 24 h" mail', () => {
  it('goes 24 h before the deadline to students who have not submitted and have not switched it off; once', async () => {
    const { id, students } = await classWith(4);
    const [done, idle, off, gone] = students;
    const a = await assign(id, { title: 'Reminded', due_at: '2033-05-10T12:00:00Z', allow_late: false });
    await h.service.assignmentMails.runOnce(t('2033-05-01T00:00:00Z')); // the open mails
    expect(mails('Reminded').filter((m) => m.subject.startsWith('New assignment'))).toHaveLength(4);
    peers.submitted(a.id, done.id);
    switchOff(off, 'assignment_due_soon');
    peers.deleted.add(gone.id);
    // 25 h before: too early.
    expect(await h.service.assignmentMails.runOnce(t('2033-05-09T11:00:00Z'))).toMatchObject({ sent: 0, skipped: 0 });
    const pass = await h.service.assignmentMails.runOnce(t('2033-05-09T12:00:00Z'));
    expect(pass).toEqual({ sent: 1, skipped: 3, failed: 0 });
    const reminders = mails('Reminded').filter((m) => m.subject.startsWith('Due in 24 hours'));
    expect(reminders.map((m) => m.to)).toEqual([idle.email]);
    expect(reminders[0].subject).toBe(`Due in 24 hours: "Reminded" (Class ${n})`);
    expect(reminders[0].raw).toContain(
      '"Reminded" (Class ' + n + ') is due in less than 24 hours: Tuesday 10 May 2033, 21:00 (Asia/Tokyo).',
    );
    expect(reminders[0].raw).toContain('You have not submitted it yet. After the deadline no submissions are taken.');
    expect((await markers(a)).filter((m) => m[1] === 'due_soon')).toEqual(
      expect.arrayContaining([
        [done.id, 'due_soon', 'skipped', 'submitted'],
        [idle.id, 'due_soon', 'sent', null],
        [off.id, 'due_soon', 'skipped', 'switched_off'],
        [gone.id, 'due_soon', 'skipped', 'no_account'],
      ]),
    );
    expect(await h.service.assignmentMails.runOnce(t('2033-05-10T00:00:00Z'))).toMatchObject({ sent: 0, skipped: 0 });
    expect(await h.service.assignmentMails.runOnce(t('2033-05-10T12:00:00Z'))).toMatchObject({ sent: 0, skipped: 0 }); // past due
    expect(mails('Reminded').filter((m) => m.subject.startsWith('Due in 24 hours'))).toHaveLength(1);
  });

  it('an assignment set less than a day before its deadline mails once: the open mail tells the deadline', async () => {
    const { id, students } = await classWith(1);
    const a = await assign(id, { title: 'Short notice', due_at: '2034-02-01T12:00:00Z' });
    const pass = await h.service.assignmentMails.runOnce(t('2034-02-01T00:00:00Z'));
    expect(pass).toMatchObject({ sent: 1, skipped: 1 });
    expect(mails('Short notice').map((m) => m.subject)).toEqual([`New assignment: "Short notice" (Class ${n})`]);
    expect(await markers(a)).toEqual(
      expect.arrayContaining([
        [students[0].id, 'opened', 'sent', null],
        [students[0].id, 'due_soon', 'skipped', 'told_in_open_mail'],
      ]),
    );
  });

  it('when evaluation does not say who submitted, nobody is reminded until it does', async () => {
    const { id, students } = await classWith(2);
    const a = await assign(id, { title: 'Waits for evaluation', due_at: '2035-03-01T12:00:00Z' });
    await h.service.assignmentMails.runOnce(t('2035-02-01T00:00:00Z'));
    peers.submitted(a.id, students[0].id);
    peers.evaluationDown = true;
    const down = await h.service.assignmentMails.runOnce(t('2035-02-28T13:00:00Z'));
    expect(down).toEqual({ sent: 0, skipped: 0, failed: 1 });
    expect((await markers(a)).filter((m) => m[1] === 'due_soon')).toEqual([]);
    peers.evaluationDown = false;
    const up = await h.service.assignmentMails.runOnce(t('2035-02-28T14:00:00Z'));
    expect(up).toEqual({ sent: 1, skipped: 1, failed: 0 });
    expect(
      mails('Waits for evaluation')
        .filter((m) => m.subject.startsWith('Due'))
        .map((m) => m.to),
    ).toEqual([students[1].email]);
  });
});

describe('one scheduler at a time', () => {
  it('the scheduled pass runs only in the replica holding the lease; two passes at once send each mail once', async () => {
    const { id, students } = await classWith(3);
    await assign(id, { title: 'Leased', due_at: '2036-03-01T12:00:00Z' });
    // Another replica (a process with its own pool) holds the job's lease: this one's scheduled pass does nothing.
    const otherPool = new Pool({ connectionString: h.service.config.DATABASE_URL, options: `-c search_path=${h.service.infra.db.schema}` });
    const other = startSingletonJob({
      pool: otherPool,
      name: 'schools.assignment-mails',
      everyMs: 0,
      logger: h.service.app.log,
      run: async () => {},
    });
    try {
      expect(await other.runNow()).toBe(true);
      expect(await h.service.assignmentMails.runScheduled()).toBe(false);
      expect(mails('Leased')).toHaveLength(0);
    } finally {
      await other.stop();
      await otherPool.end();
    }
    const both = await Promise.all([
      h.service.assignmentMails.runOnce(t('2036-02-01T00:00:00Z')),
      h.service.assignmentMails.runOnce(t('2036-02-01T00:00:00Z')),
    ]);
    expect(both.reduce((s, p) => s + p.sent, 0)).toBe(3);
    expect(
      mails('Leased')
        .map((m) => m.to)
        .sort(),
    ).toEqual(students.map((s) => s.email).sort());
    // The lease given back, the scheduled pass runs here (nothing left to send).
    expect(await h.service.assignmentMails.runScheduled()).toBe(true);
    expect(mails('Leased')).toHaveLength(3);
  });
});
