import {
  ROSTER_SYNC_MAX_ROWS,
  type RosterImportList,
  type RosterImportResult,
  type RosterImportStatus,
  type SchoolClassList,
  type SchoolMemberList,
} from '@corestone/contracts';
import { RosterStore } from '../src/store/roster';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';
import { multipartFiles, oneRosterFiles, studentEmail, textsOf, zipOf, type RosterSpec } from './roster-fixtures';

let h: Harness;
let sa: Person;
let a: Awaited<ReturnType<typeof seedSchool>>;
let b: Awaited<ReturnType<typeof seedSchool>>;

beforeAll(async () => {
  h = await startSchools('ros');
  sa = await person(h, 'super_admin');
  a = await seedSchool(h, sa, 'Roster Academy');
  b = await seedSchool(h, sa, 'Other College');
});
afterAll(async () => {
  await h?.close();
});

const base: RosterSpec = { teachers: 3, students: 60, classes: 4 };

async function importFiles(
  schoolId: string,
  who: Person,
  files: Record<string, string | Buffer>,
  query = 'dry_run=true',
  fields: Record<string, string> = {},
): Promise<{ status: number; body: RosterImportResult & { code?: string; detail?: string } }> {
  const { payload, headers } = multipartFiles(files, fields);
  const res = await h.service.app.inject({
    method: 'POST',
    url: `/schools/${schoolId}/roster/import?${query}`,
    headers: { ...who.h, ...headers },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const members = async (schoolId: string, who: Person, q = '') =>
  (await h.call<SchoolMemberList>('GET', `/schools/${schoolId}/members?limit=200${q}`, who.h)).body;
const classes = async (schoolId: string, who: Person) => (await h.call<SchoolClassList>('GET', `/schools/${schoolId}/classes`, who.h)).body;
const counts = (r: RosterImportResult) => ({
  created: r.created,
  updated: r.updated,
  deactivated: r.deactivated,
  moved: r.moved,
  classes_created: r.classes_created,
  enrolments_added: r.enrolments_added,
  enrolments_removed: r.enrolments_removed,
});
/** The counts of an import that finds the school already as the roster says. */
const NOTHING_CHANGED = {
  created: 0,
  updated: 0,
  deactivated: 0,
  moved: 0,
  classes_created: 0,
  enrolments_added: 0,
  enrolments_removed: 0,
};

describe('roster import (OneRoster 1.2: 3 teachers, 60 students, 4 classes)', () => {
  it('a dry run shows what would be created and changes nothing', async () => {
    const provisioned = h.accounts.provisionCalls.length;
    const res = await importFiles(a.id, a.admin, await textsOf(oneRosterFiles(base)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, applied: false, format: 'oneroster-1.2', errors: [], error_count: 0 });
    expect(counts(res.body)).toEqual({
      created: 63,
      updated: 0,
      deactivated: 0,
      moved: 0,
      classes_created: 4,
      enrolments_added: 64,
      enrolments_removed: 0,
    });
    expect(res.body.details.create).toHaveLength(63);
    expect(res.body.details.create[0]).toEqual({
      email: 'teacher0@school.test',
      name: 'Teacher0 Tutor',
      role: 'teacher',
      file: 'users.csv',
      line: 2,
    });
    expect(res.body.details.classes_create[0]).toEqual({ name: 'Class 0', subject: 'English A', session: 'May 2027' });
    expect(h.accounts.provisionCalls.length).toBe(provisioned);
    expect((await members(a.id, a.admin)).total).toBe(3);
    expect((await classes(a.id, a.admin)).total).toBe(0);
  });

  it('applying (one zip, in a folder) creates the members through auth and enrols them; applying again changes nothing', async () => {
    const provisioned = h.accounts.provisionCalls.length;
    const batchesBefore = h.accounts.batchCalls.length;
    const zip = await zipOf(await textsOf(oneRosterFiles(base)), 'export-2026/');
    const res = await importFiles(a.id, a.admin, { 'roster.zip': zip }, 'dry_run=false');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dry_run: false, applied: true, errors: [] });
    expect(counts(res.body)).toMatchObject({ created: 63, classes_created: 4, enrolments_added: 64 });
    const calls = h.accounts.provisionCalls.slice(provisioned);
    expect(calls).toHaveLength(63);
    expect(calls.find((c) => c.email === 'teacher1@school.test')).toEqual({
      email: 'teacher1@school.test',
      platform_role: 'teacher',
      invited_by_school: 'Roster Academy',
    });
    // One request to auth for the batch, not one per row.
    expect(h.accounts.batchCalls.slice(batchesBefore)).toEqual([63]);
    expect((await members(a.id, a.admin, '&role=student')).total).toBe(61);
    expect((await members(a.id, a.admin, '&role=teacher')).total).toBe(4);
    const imported = (await members(a.id, a.admin)).members.filter((m) => m.email.endsWith('@school.test'));
    expect(imported).toHaveLength(63);
    expect(new Set(imported.map((m) => `${m.joined_by} ${m.status}`))).toEqual(new Set(['roster active']));
    // Each new membership announced once, through the outbox, with its state.
    const ids = new Set(imported.map((m) => m.user_id));
    const announcedNow = async () =>
      (await h.events()).filter((e) => e.type === 'schools.membership_changed.v1' && ids.has((e.data as { user_id: string }).user_id));
    let announced = await announcedNow();
    // The relay publishes within moments of the answer (it holds answers for at most a second).
    for (let i = 0; i < 100 && announced.length < 63; i++) {
      await new Promise((r) => setTimeout(r, 100));
      announced = await announcedNow();
    }
    expect(announced).toHaveLength(63);
    expect(announced[0]!.data).toMatchObject({ school_id: a.id, status: 'active' });
    const list = await classes(a.id, a.admin);
    expect(list.classes.map((c) => [c.name, c.subject, c.session, c.student_count, c.teachers.map((t) => t.name)])).toEqual([
      ['Class 0', 'English A', 'May 2027', 15, ['Teacher0 Tutor']],
      ['Class 1', 'English A', 'May 2027', 15, ['Teacher1 Tutor']],
      ['Class 2', 'English A', 'May 2027', 15, ['Teacher2 Tutor']],
      ['Class 3', 'English A', 'May 2027', 15, ['Teacher0 Tutor']],
    ]);

    const again = await importFiles(a.id, a.admin, await textsOf(oneRosterFiles(base)), 'dry_run=false');
    expect(again.status).toBe(200);
    expect(again.body.errors).toEqual([]);
    expect(counts(again.body)).toEqual(NOTHING_CHANGED);
    expect(again.body.unchanged).toBe(63);
    expect(h.accounts.provisionCalls.length).toBe(provisioned + 63);
  });

  it('a changed file updates a name and moves a student; a student gone from it is deactivated, not deleted', async () => {
    const changed: RosterSpec = {
      ...base,
      givenNames: new Map([['s-1', 'Renamed']]),
      omit: new Set(['s-2']),
      classOfStudent: (i) => (i === 3 ? 0 : i % 4),
    };
    const dry = await importFiles(a.id, a.admin, await textsOf(oneRosterFiles(changed)));
    expect(counts(dry.body)).toEqual({
      created: 0,
      updated: 1,
      deactivated: 1,
      moved: 1,
      classes_created: 0,
      enrolments_added: 1,
      enrolments_removed: 1,
    });
    expect(dry.body.details.update).toEqual([
      { email: studentEmail(1), name: 'Renamed Learner', changes: ['name: Student1 Learner → Renamed Learner'] },
    ]);
    expect(dry.body.details.deactivate).toEqual([
      { email: studentEmail(2), name: 'Student2 Learner', role: 'student', reason: 'gone from the roster' },
    ]);
    expect(dry.body.details.moves).toEqual([{ email: studentEmail(3), name: 'Student3 Learner', from: ['Class 3'], to: ['Class 0'] }]);

    const res = await importFiles(a.id, a.admin, await textsOf(oneRosterFiles(changed)), 'dry_run=false');
    expect(res.body.errors).toEqual([]);
    expect(counts(res.body)).toEqual(counts(dry.body));
    const all = (await members(a.id, a.admin)).members;
    expect(all.find((m) => m.email === studentEmail(1))?.name).toBe('Renamed Learner');
    expect(all.find((m) => m.email === studentEmail(2))?.status).toBe('deactivated');
    // the hand-invited members of the school are untouched
    expect(all.filter((m) => m.email.endsWith('.example.org')).map((m) => m.status)).toEqual(['active', 'active', 'active']);
    const list = (await classes(a.id, a.admin)).classes;
    expect(list.map((c) => c.student_count)).toEqual([16, 15, 15, 14]);

    const again = await importFiles(a.id, a.admin, await textsOf(oneRosterFiles(changed)), 'dry_run=false');
    expect(counts(again.body)).toEqual(NOTHING_CHANGED);
  });

  it('keeps a history: who, when, dry run or not, counts', async () => {
    const res = await h.call<RosterImportList>('GET', `/schools/${a.id}/roster/imports`, a.admin.h);
    expect(res.status).toBe(200);
    expect(res.body.imports.map((i) => [i.dry_run, i.status, i.counts?.created, i.counts?.deactivated])).toEqual([
      [false, 'done', 0, 0],
      [false, 'done', 0, 1],
      [true, 'done', 0, 1],
      [false, 'done', 0, 0],
      [false, 'done', 63, 0],
      [true, 'done', 63, 0],
    ]);
    expect(res.body.imports[4]).toMatchObject({
      by: { user_id: a.admin.id, email: a.admin.email },
      format: 'oneroster-1.2',
      error_count: 0,
      progress: { done: 63 + 4 + 64, total: 63 + 4 + 64 },
    });
    expect([...res.body.imports[4]!.files].sort()).toEqual([
      'academicSessions.csv',
      'classes.csv',
      'enrollments.csv',
      'manifest.csv',
      'orgs.csv',
      'roles.csv',
      'users.csv',
    ]);
    expect(Date.parse(res.body.imports[0]!.started_at)).toBeGreaterThanOrEqual(Date.parse(res.body.imports[1]!.started_at));
  });
});

describe('roster import in the background (async=true, or a large roster)', () => {
  /** The import's status, asked again until it is no longer running (at most 600 times, 100 ms apart). */
  async function untilFinished(schoolId: string, importId: string, who: Person): Promise<RosterImportStatus[]> {
    const seen: RosterImportStatus[] = [];
    for (let i = 0; i < 600; i++) {
      const res = await h.call<RosterImportStatus>('GET', `/schools/${schoolId}/roster/imports/${importId}`, who.h);
      expect(res.status).toBe(200);
      seen.push(res.body);
      if (res.body.status !== 'running') return seen;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the import is still running');
  }

  it('answers 202 with the import at once, shows its progress, then the result the synchronous answer gives', async () => {
    const c = await seedSchool(h, sa, 'Async Academy');
    const csv =
      'email,name,role,class\nkai@async.test,Kai Kim,teacher,Art HL\nlea@async.test,Lea Lund,student,Art HL\nbad-email,No One,student,Art HL\n';
    const res = await importFiles(c.id, c.admin, { 'people.csv': csv }, 'dry_run=false&async=true');
    expect(res.status).toBe(202);
    const started = res.body as unknown as RosterImportStatus;
    expect(started).toMatchObject({ dry_run: false, status: 'running', format: 'simple-csv', rows: 3, result: null });
    const seen = await untilFinished(c.id, started.id, c.admin);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ id: started.id, status: 'done', error_count: 1, progress: { done: 1 + 2 + 2, total: 1 + 2 + 2 } });
    expect(last.errors).toEqual([{ file: 'people.csv', line: 4, message: expect.stringMatching(/e-?mail/i) }]);
    expect(last.result).toMatchObject({
      id: started.id,
      applied: true,
      created: 2,
      updated: 0,
      deactivated: 0,
      classes_created: 1,
      enrolments_added: 2,
    });
    expect(last.result!.errors).toEqual(last.errors);
    expect(last.counts).toMatchObject({ created: 2, classes_created: 1, enrolments_added: 2 });
    for (const s of seen) expect(s.progress.done).toBeLessThanOrEqual(s.progress.total || s.progress.done);
    expect((await members(c.id, c.admin)).members.map((m) => m.email).sort()).toEqual(
      [c.admin.email, c.teacher.email, c.student.email, 'kai@async.test', 'lea@async.test'].sort(),
    );
    // the history lists it like any other
    const history = (await h.call<RosterImportList>('GET', `/schools/${c.id}/roster/imports`, c.admin.h)).body;
    expect(history.imports[0]).toMatchObject({ id: started.id, status: 'done', counts: { created: 2 } });
    // a dry run answers 200 with its result, async or not
    const dry = await importFiles(c.id, c.admin, { 'people.csv': csv }, 'dry_run=true&async=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, created: 0, unchanged: 2 });
  });

  it(`answers 202 for an apply of more than ${ROSTER_SYNC_MAX_ROWS} rows without async, and the import's status only to the school's admins`, async () => {
    const d = await seedSchool(h, sa, 'Large Roster School');
    const rows = ROSTER_SYNC_MAX_ROWS + 1;
    const lines = ['email,name,role,class', ...Array.from({ length: rows }, (_, i) => `pupil${i}@large.test,Pupil ${i},student,Year 12`)];
    const res = await importFiles(d.id, d.admin, { 'large.csv': `${lines.join('\n')}\n` }, 'dry_run=false');
    expect(res.status).toBe(202);
    const importId = (res.body as unknown as RosterImportStatus).id;
    const url = `/schools/${d.id}/roster/imports/${importId}`;
    // while it runs (or after): another school's admin and an outsider learn nothing, its teacher is refused
    expect((await h.call('GET', url, b.admin.h)).status).toBe(404);
    expect((await h.call('GET', `/schools/${b.id}/roster/imports/${importId}`, b.admin.h)).status).toBe(404);
    expect((await h.call('GET', url, d.teacher.h)).status).toBe(403);
    expect((await h.call('GET', url, d.student.h)).status).toBe(403);
    const unknown = await h.call<{ code: string }>('GET', `/schools/${d.id}/roster/imports/${importId.slice(0, -4)}ffff`, d.admin.h);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'ROSTER_IMPORT_NOT_FOUND' } });
    expect((await h.call('GET', `/schools/${d.id}/roster/imports/not-an-id`, d.admin.h)).status).toBe(404);
    const last = (await untilFinished(d.id, importId, d.admin)).at(-1)!;
    expect(last).toMatchObject({
      status: 'done',
      rows,
      error_count: 0,
      result: { created: rows, classes_created: 1, enrolments_added: rows },
    });
    expect((await members(d.id, d.admin, '&role=student')).total).toBe(rows + 1);
  });
});

describe('roster import: tenancy', () => {
  it("another school's admin, teachers and students, and signed-out callers, are refused", async () => {
    const files = { 'roster.csv': 'email,name,role,class\nx@b.test,X,student,\n' };
    expect((await importFiles(a.id, b.admin, files, 'dry_run=false')).status).toBe(404);
    expect((await importFiles(a.id, b.student, files)).status).toBe(404);
    expect((await h.call('GET', `/schools/${a.id}/roster/imports`, b.admin.h)).status).toBe(404);
    expect((await importFiles(a.id, a.teacher, files)).status).toBe(403);
    expect((await importFiles(a.id, a.student, files)).status).toBe(403);
    expect((await h.call('GET', `/schools/${a.id}/roster/imports`, a.teacher.h)).status).toBe(403);
    const outsider = await person(h, 'student');
    expect((await importFiles(a.id, outsider, files)).status).toBe(404);
    expect((await importFiles('not-a-uuid', a.admin, files)).status).toBe(404);
    const anon = await h.service.app.inject({ method: 'GET', url: `/schools/${a.id}/roster/imports` });
    expect(anon.statusCode).toBe(401);
    expect((await members(a.id, a.admin)).members.some((m) => m.email === 'x@b.test')).toBe(false);
  });

  it('a platform admin imports a one-file CSV into any school', async () => {
    const admin = await person(h, 'admin');
    const csv =
      'email,name,role,class\nana@other.test,Ana Alves,teacher,Physics HL\nben@other.test,Ben Brown,student,Physics HL; Maths AA SL\n';
    const res = await importFiles(b.id, admin, { 'people.csv': csv }, 'dry_run=false');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'simple-csv', created: 2, classes_created: 2, enrolments_added: 3, errors: [] });
    const list = (await classes(b.id, b.admin)).classes;
    expect(list.map((c) => [c.name, c.student_count])).toEqual([
      ['Maths AA SL', 1],
      ['Physics HL', 1],
    ]);
    const again = await importFiles(b.id, admin, { 'people.csv': csv }, 'dry_run=false');
    expect(counts(again.body)).toEqual(NOTHING_CHANGED);
  });
});

describe('roster import: bad input', () => {
  it('answers row-level errors, and applies the good rows only', async () => {
    const csv =
      'email,name,role,class\n,No Mail,student,A\nzed@b.test,Zed,wizard,A\ncat@b.test,Cat,student,Art\ncat@b.test,Cat again,student,Art\n';
    const res = await importFiles(b.id, b.admin, { 'list.csv': csv }, 'dry_run=false');
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([
      { file: 'list.csv', line: 2, message: 'email is empty' },
      { file: 'list.csv', line: 3, message: 'unknown role "wizard" (student, teacher or school_admin)' },
      { file: 'list.csv', line: 5, message: expect.stringMatching(/^cat@b.test is already on line 4/) },
    ]);
    // the one-file CSV is the school's whole list: the two its earlier list brought in are gone from it
    expect(res.body).toMatchObject({ created: 1, deactivated: 2, classes_created: 1, enrolments_added: 1, error_count: 3 });
    expect(res.body.details.deactivate.map((d) => d.email).sort()).toEqual(['ana@other.test', 'ben@other.test']);
  });

  it('reports a member of another school as that row’s error', async () => {
    const res = await importFiles(
      a.id,
      a.admin,
      { 'one.csv': `email,name,role,class\n${b.student.email},Taken,student,\n` },
      'dry_run=false',
    );
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(0);
    expect(res.body.errors).toEqual([
      {
        file: 'one.csv',
        line: 2,
        message: expect.stringMatching(new RegExp(`^${b.student.email} was not added: This account already belongs to another school`)),
      },
    ]);
  });

  it('applies nothing when a file cannot be read whole', async () => {
    const texts = await textsOf(oneRosterFiles({ ...base, omit: new Set(['s-10', 's-11']) }));
    texts['enrollments.csv'] = `${texts['enrollments.csv']}e-x,,,"c-0,org-1\n`;
    const res = await importFiles(a.id, a.admin, texts, 'dry_run=false');
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(false);
    expect(res.body.deactivated).toBe(0);
    expect(res.body.errors.at(-1)).toMatchObject({ file: 'enrollments.csv', message: expect.stringMatching(/^not readable as CSV/) });
    expect(res.body.errors[0]).toMatchObject({ file: '(upload)', line: 0 });
    expect((await members(a.id, a.admin)).members.filter((m) => m.status === 'deactivated')).toHaveLength(1);
  });

  it('refuses uploads that hold no roster, with the envelope', async () => {
    const cases: Array<[Record<string, string | Buffer>, number, string]> = [
      [{}, 400, 'ROSTER_INVALID_UPLOAD'],
      [{ 'notes.txt': 'hello' }, 400, 'ROSTER_INVALID_UPLOAD'],
      [{ 'roster.zip': Buffer.from('not a zip at all') }, 400, 'ROSTER_INVALID_UPLOAD'],
      [{ 'roster.zip': await zipOf({ 'readme.md': '#' }) }, 400, 'ROSTER_INVALID_UPLOAD'],
      [{ 'a.zip': await zipOf({ 'users.csv': 'x' }), 'b.csv': 'y' }, 400, 'ROSTER_INVALID_UPLOAD'],
    ];
    for (const [files, status, code] of cases) {
      const res = await importFiles(a.id, a.admin, files);
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const json = await h.call<{ code: string }>('POST', `/schools/${a.id}/roster/import`, a.admin.h, { users: [] });
    expect(json.status).toBe(415);
    const bad = await importFiles(a.id, a.admin, { 'r.csv': 'email\n' }, 'dry_run=maybe');
    expect(bad.status).toBe(400);
    const several = await importFiles(a.id, a.admin, { 'a.csv': 'x\n', 'b.csv': 'y\n' });
    expect(several.status).toBe(200);
    expect(several.body.errors).toEqual([{ file: 'a.csv, b.csv', line: 0, message: expect.stringMatching(/no users.csv/) }]);
  });

  it('runs one apply per school at a time', async () => {
    const store = new RosterStore(h.service.infra.db.pool);
    const id = '01900000-0000-7000-8000-000000000abc';
    expect(await store.startImport({ id, schoolId: b.id, actorId: b.admin.id, dryRun: false, files: ['x.csv'] })).toBe(true);
    const files = { 'roster.csv': 'email,name,role,class\n' };
    const busy = await importFiles(b.id, b.admin, files, 'dry_run=false');
    expect([busy.status, busy.body.code]).toEqual([409, 'ROSTER_IMPORT_RUNNING']);
    expect((await importFiles(b.id, b.admin, files)).status).toBe(200); // a dry run may run beside it
    await store.finishImport(id, { status: 'done', format: null, rows: 0, counts: null, errorCount: 0 });
    expect((await importFiles(b.id, b.admin, files, 'dry_run=false')).status).toBe(200);
  });
});

describe('roster import: existing accounts', () => {
  it('links an existing account once it accepts, and enrols it at the next import', async () => {
    const id = h.accounts.add('known.person@school.test', 'Known Person', 'student');
    const csv = { 'newcomers.csv': 'email,name,role,class\nknown.person@school.test,Known Person,student,Art club\n' };
    const first = await importFiles(a.id, a.admin, csv, 'dry_run=false');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 1, classes_created: 1, enrolments_added: 0, deactivated: 0 });
    expect(first.body.errors).toEqual([
      { file: 'newcomers.csv', line: 2, message: expect.stringMatching(/^known.person@school.test was not enrolled in Art club: /) },
    ]);
    const member = (await members(a.id, a.admin, '&search=known.person')).members[0];
    expect(member).toMatchObject({ user_id: id, status: 'pending', awaiting: 'member' });

    // nothing to do while the invitation waits (the roster cannot accept it for them)
    const waiting = await importFiles(a.id, a.admin, csv);
    expect(counts(waiting.body)).toMatchObject({ created: 0, updated: 0, enrolments_added: 1 });

    const known = { id, role: 'student' as const, email: 'known.person@school.test', h: await h.headers(id, 'student') };
    expect((await h.call('POST', '/schools/mine/accept', known.h)).status).toBe(200);
    const second = await importFiles(a.id, a.admin, csv, 'dry_run=false');
    expect(second.body.errors).toEqual([]);
    expect(counts(second.body)).toEqual({ ...NOTHING_CHANGED, enrolments_added: 1 });
    const art = (await classes(a.id, a.admin)).classes.find((c) => c.name === 'Art club');
    expect(art?.student_count).toBe(1);
  });
});
