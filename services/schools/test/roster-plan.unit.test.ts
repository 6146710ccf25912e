import type { Roster } from '../src/domain/roster/model';
import { parseRoster } from '../src/domain/roster/parse';
import {
  isEmptyPlan,
  planImport,
  type CurrentClass,
  type CurrentEnrolment,
  type CurrentMember,
  type RosterPlan,
} from '../src/domain/roster/plan';
import { oneRosterFiles, sourceOf, studentEmail, type RosterSpec } from './roster-fixtures';

interface State {
  members: CurrentMember[];
  classes: CurrentClass[];
  enrolments: CurrentEnrolment[];
}
const empty = (): State => ({ members: [], classes: [], enrolments: [] });

/** Carries out a plan on an in-memory school the way the use case does on the real one. */
function apply(state: State, plan: RosterPlan): State {
  const next: State = {
    members: state.members.map((m) => ({ ...m })),
    classes: state.classes.map((c) => ({ ...c })),
    enrolments: [...state.enrolments],
  };
  const memberOf = new Map(next.members.map((m) => [m.userId, m]));
  const userIds = new Map<string, string>();
  for (const c of plan.members.create) {
    const m: CurrentMember = {
      userId: `u-${c.email}`,
      email: c.email,
      name: c.name,
      role: c.role,
      status: 'active',
      sourcedId: c.sourcedId,
    };
    next.members.push(m);
    userIds.set(c.sourcedId, m.userId);
  }
  for (const u of plan.members.update)
    Object.assign(memberOf.get(u.userId)!, { name: u.name, role: u.role, status: u.status, sourcedId: u.sourcedId });
  for (const d of plan.members.deactivate) memberOf.get(d.userId)!.status = 'deactivated';
  const classIds = new Map<string, string>();
  for (const c of plan.classes.create) {
    next.classes.push({ id: `class-${c.sourcedId}`, name: c.name, subject: c.subject, session: c.session, sourcedId: c.sourcedId });
    classIds.set(c.sourcedId, `class-${c.sourcedId}`);
  }
  for (const u of plan.classes.update)
    Object.assign(
      next.classes.find((c) => c.id === u.classId)!,
      { name: u.name, subject: u.subject, session: u.session, sourcedId: u.sourcedId },
    );
  const removed = new Set(plan.enrolments.remove.map((r) => `${r.classId}/${r.userId}/${r.role}`));
  next.enrolments = next.enrolments.filter((e) => !removed.has(`${e.classId}/${e.userId}/${e.role}`));
  for (const a of plan.enrolments.add) {
    next.enrolments.push({
      classId: a.classId ?? classIds.get(a.classSourcedId)!,
      userId: a.userId ?? userIds.get(a.userSourcedId)!,
      role: a.role,
    });
  }
  return next;
}

const parse = (spec: RosterSpec): Promise<Roster> => parseRoster(sourceOf(oneRosterFiles(spec)));
const base: RosterSpec = { teachers: 3, students: 60, classes: 4 };

describe('planImport', () => {
  it('creates everyone on a new school, and planning again after applying finds nothing to do', async () => {
    const roster = await parse(base);
    const plan = planImport(roster, empty());
    expect(plan.counts).toEqual({
      created: 63,
      updated: 0,
      deactivated: 0,
      moved: 0,
      unchanged: 0,
      classes_created: 4,
      classes_updated: 0,
      enrolments_added: 64,
      enrolments_removed: 0,
    });
    expect(plan.errors).toEqual([]);
    const after = apply(empty(), plan);
    const again = planImport(await parse(base), after);
    expect(isEmptyPlan(again)).toBe(true);
    expect(again.counts.unchanged).toBe(63);
  });

  it('updates a changed name, moves a student to another class and deactivates a student gone from the roster', async () => {
    const first = await parse(base);
    const state = apply(empty(), planImport(first, empty()));
    const handAdded: CurrentMember = {
      userId: 'hand',
      email: 'hand@school.test',
      name: 'Hand Added',
      role: 'student',
      status: 'active',
      sourcedId: null,
    };
    state.members.push(handAdded);
    state.enrolments.push({ classId: 'class-c-0', userId: 'hand', role: 'student' });

    const changed = await parse({
      ...base,
      givenNames: new Map([['s-1', 'Renamed']]),
      omit: new Set(['s-2']),
      classOfStudent: (i) => (i === 3 ? 0 : i % 4),
    });
    const plan = planImport(changed, state);
    expect(plan.members.create).toEqual([]);
    expect(plan.members.update).toEqual([
      expect.objectContaining({
        userId: `u-${studentEmail(1)}`,
        name: 'Renamed Learner',
        changes: ['name: Student1 Learner → Renamed Learner'],
      }),
    ]);
    expect(plan.members.deactivate).toEqual([
      { userId: `u-${studentEmail(2)}`, email: studentEmail(2), name: 'Student2 Learner', role: 'student', reason: 'gone from the roster' },
    ]);
    expect(plan.moves).toEqual([
      { userId: `u-${studentEmail(3)}`, email: studentEmail(3), name: 'Student3 Learner', from: ['Class 3'], to: ['Class 0'] },
    ]);
    expect(plan.enrolments.add).toEqual([
      expect.objectContaining({ classId: 'class-c-0', userId: `u-${studentEmail(3)}`, role: 'student' }),
    ]);
    expect(plan.enrolments.remove).toEqual([
      expect.objectContaining({ classId: 'class-c-3', userId: `u-${studentEmail(3)}`, role: 'student' }),
    ]);
    expect(plan.counts).toMatchObject({ created: 0, updated: 1, deactivated: 1, moved: 1, enrolments_added: 1, enrolments_removed: 1 });

    const after = apply(state, plan);
    expect(after.members.find((m) => m.email === studentEmail(2))?.status).toBe('deactivated');
    expect(after.members.find((m) => m.userId === 'hand')?.status).toBe('active');
    expect(after.enrolments).toContainEqual({ classId: 'class-c-0', userId: 'hand', role: 'student' });
    expect(isEmptyPlan(planImport(changed, after))).toBe(true);

    // the student comes back: reactivated, not created again
    const back = planImport(await parse(base), after);
    expect(back.members.create).toEqual([]);
    expect(back.members.update.map((u) => [u.email, u.changes])).toEqual(
      expect.arrayContaining([[studentEmail(2), ['status: deactivated → active']]]),
    );
  });

  it('links members and classes that already exist by email and by name, and never demotes a school admin', async () => {
    const roster = await parse({ teachers: 1, students: 2, classes: 1 });
    const state: State = {
      members: [
        { userId: 'a', email: 'teacher0@school.test', name: 'Teacher0 Tutor', role: 'school_admin', status: 'active', sourcedId: null },
        { userId: 'b', email: 'student0@school.test', name: 'Student0 Learner', role: 'teacher', status: 'pending', sourcedId: null },
      ],
      classes: [{ id: 'k', name: 'class 0', subject: null, session: null, sourcedId: null }],
      enrolments: [],
    };
    const plan = planImport(roster, state);
    expect(plan.members.create.map((c) => c.email)).toEqual(['student1@school.test']);
    expect(plan.members.update.map((u) => [u.userId, u.role, u.changes])).toEqual([
      ['a', 'school_admin', ['roster id: — → t-0']],
      ['b', 'student', ['role: teacher → student', 'status: pending → active', 'roster id: — → s-0']],
    ]);
    expect(plan.classes.create).toEqual([]);
    expect(plan.classes.update).toEqual([
      {
        classId: 'k',
        sourcedId: 'c-0',
        name: 'Class 0',
        subject: 'English A',
        session: 'May 2027',
        changes: ['name: class 0 → Class 0', 'subject: — → English A', 'session: — → May 2027', 'roster id: — → c-0'],
      },
    ]);
    expect(plan.enrolments.add.map((a) => [a.classId, a.userId ?? a.userSourcedId, a.role])).toEqual([
      ['k', 'a', 'teacher'],
      ['k', 'b', 'student'],
      ['k', 's-1', 'student'],
    ]);
    // a first enrolment of someone who was in no roster class is not a move
    expect(plan.moves).toEqual([]);
  });

  it('deactivates a user disabled in the roster, but not the importing admin', async () => {
    const first = await parse(base);
    const state = apply(empty(), planImport(first, empty()));
    const disabled = await parse({ ...base, disabled: new Set(['s-5', 't-1']) });
    const plan = planImport(disabled, state, { keepUserIds: new Set([`u-teacher1@school.test`]) });
    expect(plan.members.deactivate).toEqual([
      {
        userId: `u-${studentEmail(5)}`,
        email: studentEmail(5),
        name: 'Student5 Learner',
        role: 'student',
        reason: 'disabled in the roster',
      },
    ]);
    expect(plan.enrolments.remove).toEqual([]);
  });

  it('takes nobody for gone when the roster is incomplete or a delta', async () => {
    const first = await parse(base);
    const state = apply(empty(), planImport(first, empty()));
    const smaller = await parse({ ...base, omit: new Set(['s-1', 's-2']) });
    expect(planImport(smaller, state).counts.deactivated).toBe(2);
    expect(planImport({ ...smaller, incomplete: true }, state).counts.deactivated).toBe(0);
    expect(planImport({ ...smaller, mode: 'delta' }, state).counts.deactivated).toBe(0);
    // nor when the roster holds nobody (an empty file is a mistake, not a school that left)
    const nobody = await parse({ ...base, students: 0, teachers: 0 });
    expect(planImport(nobody, state).counts.deactivated).toBe(0);
    // a row with an error this time is not "gone"
    const typo = await parse({ ...base, omit: new Set(['s-1']) });
    typo.seenUserIds.add('s-1');
    expect(planImport(typo, state).counts.deactivated).toBe(0);
  });

  it('reports an email that changed in the roster instead of creating a second account', async () => {
    const roster = await parse({ teachers: 0, students: 1, classes: 0 });
    const state: State = {
      members: [{ userId: 'x', email: 'old@school.test', name: 'Student0 Learner', role: 'student', status: 'active', sourcedId: 's-0' }],
      classes: [],
      enrolments: [],
    };
    const plan = planImport(roster, state);
    expect(plan.members.create).toEqual([]);
    expect(plan.errors).toEqual([
      {
        file: 'users.csv',
        line: 2,
        message:
          "user s-0: the roster's email student0@school.test differs from the member's old@school.test; the account keeps old@school.test",
      },
    ]);
  });

  it('parses and plans a 10,000-user roster streamed in chunks, and the second plan is empty', async () => {
    const spec: RosterSpec = { teachers: 200, students: 9800, classes: 400 };
    const source = sourceOf(oneRosterFiles(spec));
    const roster = await parseRoster(source);
    expect(roster.errors).toEqual([]);
    expect(roster.users.size).toBe(10_000);
    expect(roster.rows).toBeGreaterThan(30_000);
    const plan = planImport(roster, empty());
    expect(plan.counts).toMatchObject({ created: 10_000, classes_created: 400, enrolments_added: 10_200 });
    // every file was streamed in chunks of a few hundred rows, never handed over whole
    expect(source.opened).toHaveLength(7);
    const after = apply(empty(), plan);
    const again = planImport(roster, after);
    expect(isEmptyPlan(again)).toBe(true);
    expect(again.counts.unchanged).toBe(10_000);
  });

  it('a one-file CSV takes for gone only those a one-file CSV brought in, and OneRoster only its own', async () => {
    const first = await parse(base);
    const state = apply(empty(), planImport(first, empty()));
    state.members.push(
      { userId: 'c1', email: 'c1@school.test', name: 'C One', role: 'student', status: 'active', sourcedId: 'csv:c1@school.test' },
      { userId: 'c2', email: 'c2@school.test', name: 'C Two', role: 'student', status: 'active', sourcedId: 'csv:c2@school.test' },
    );
    const csv = await parseRoster(sourceOf({ 'new.csv': 'email,name,role,class\nc1@school.test,C One,student,\n' }));
    expect(planImport(csv, state).members.deactivate.map((d) => d.userId)).toEqual(['c2']);
    const oneRoster = await parse({ ...base, omit: new Set(['s-7']) });
    expect(planImport(oneRoster, state).members.deactivate.map((d) => d.email)).toEqual([studentEmail(7)]);
  });
});
