import { csvRows } from '../src/domain/roster/csv';
import { parseRoster } from '../src/domain/roster/parse';
import { oneRosterFiles, sourceOf, studentEmail, teacherEmail } from './roster-fixtures';

const header12 = {
  users:
    'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
  roles: 'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
  classes:
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
  enrollments: 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
};
const user12 = (id: string, given: string, email: string, enabled = 'true'): string =>
  `${id},,2026-09-01,${enabled},${email},,${given},Doe,,,${email},,,,,,,,,,,org-1,`;

describe('OneRoster 1.2', () => {
  it('reads the generated bulk set: members, roles, classes with subject and session, enrolments', async () => {
    const source = sourceOf(oneRosterFiles({ teachers: 3, students: 60, classes: 4 }));
    const roster = await parseRoster(source);
    expect(roster.errors).toEqual([]);
    expect(roster.format).toBe('oneroster-1.2');
    expect(roster.mode).toBe('bulk');
    expect(roster.users.size).toBe(63);
    expect(roster.users.get('t-1')).toMatchObject({
      email: teacherEmail(1),
      name: 'Teacher1 Tutor',
      role: 'teacher',
      active: true,
      file: 'users.csv',
      line: 3,
    });
    expect(roster.users.get('s-59')).toMatchObject({ email: studentEmail(59), role: 'student' });
    expect([...roster.classes.values()].map((c) => [c.name, c.subject, c.session])).toEqual([
      ['Class 0', 'English A', 'May 2027'],
      ['Class 1', 'English A', 'May 2027'],
      ['Class 2', 'English A', 'May 2027'],
      ['Class 3', 'English A', 'May 2027'],
    ]);
    expect(roster.enrolments).toHaveLength(64);
    expect(roster.enrolments.filter((e) => e.role === 'teacher').map((e) => [e.classSourcedId, e.userSourcedId])).toEqual([
      ['c-0', 't-0'],
      ['c-1', 't-1'],
      ['c-2', 't-2'],
      ['c-3', 't-0'],
    ]);
    // dependency order: the manifest and orgs first, enrolments last
    expect(source.opened.indexOf('manifest.csv')).toBeLessThan(source.opened.indexOf('users.csv'));
    expect(source.opened.indexOf('users.csv')).toBeLessThan(source.opened.indexOf('roles.csv'));
    expect(source.opened.at(-1)).toBe('enrollments.csv');
  });

  it('takes the highest role a user holds at the school and maps administrators to school_admin', async () => {
    const roster = await parseRoster(
      sourceOf({
        'users.csv': [
          header12.users,
          user12('u1', 'Ada', 'ada@school.test'),
          user12('u2', 'Bo', 'bo@school.test'),
          user12('u3', 'Cy', 'cy@school.test'),
        ].join('\n'),
        'roles.csv': [
          header12.roles,
          'r1,,,u1,primary,teacher,,,org-1,',
          'r2,,,u1,secondary,administrator,,,org-1,',
          'r3,,,u2,primary,aide,,,org-1,',
          'r4,,,u3,primary,guardian,,,org-1,',
        ].join('\n'),
      }),
    );
    expect(roster.errors).toEqual([]);
    expect(roster.users.get('u1')?.role).toBe('school_admin');
    expect(roster.users.get('u2')?.role).toBe('teacher');
    expect(roster.users.has('u3')).toBe(false);
  });

  it('reports row-level errors with file, line and reason, and keeps the good rows', async () => {
    const roster = await parseRoster(
      sourceOf({
        'users.csv': [
          header12.users,
          user12('u1', 'Ada', 'ada@school.test'),
          user12('u2', 'Bo', ''),
          user12('u3', 'Cy', 'ADA@school.test'),
          user12('u4', 'Di', 'not-an-email'),
          user12('u1', 'Ed', 'ed@school.test'),
          user12('u5', 'Fe', 'fe@school.test'),
          user12('u6', 'Gi', 'gi@school.test'),
        ].join('\n'),
        'roles.csv': [
          header12.roles,
          'r1,,,u1,primary,student,,,org-1,',
          'r2,,,u2,primary,student,,,org-1,',
          'r3,,,u3,primary,student,,,org-1,',
          'r4,,,u4,primary,student,,,org-1,',
          'r5,,,u5,primary,wizard,,,org-1,',
          'r6,,,ghost,primary,student,,,org-1,',
        ].join('\n'),
        'classes.csv': [header12.classes, 'c1,,,Maths HL,,,,scheduled,,org-1,,,,', 'c2,,,,,,,scheduled,,org-1,,,,'].join('\n'),
        'enrollments.csv': [
          header12.enrollments,
          'e1,,,c1,org-1,u1,student,,,',
          'e2,,,nope,org-1,u1,student,,,',
          'e3,,,c1,org-1,nobody,student,,,',
          'e4,,,c1,org-1,u1,janitor,,,',
          'e5,,,c1,org-1,u2,student,,,',
        ].join('\n'),
      }),
    );
    expect(roster.errors).toEqual([
      { file: 'classes.csv', line: 3, message: 'class c2 has no title' },
      { file: 'enrollments.csv', line: 3, message: 'class nope is not in classes.csv' },
      { file: 'enrollments.csv', line: 4, message: 'user nobody is not in users.csv' },
      { file: 'enrollments.csv', line: 5, message: 'unknown role "janitor" (expected student, teacher, aide or administrator)' },
      { file: 'roles.csv', line: 6, message: expect.stringMatching(/^unknown role "wizard" \(expected one of student, teacher/) },
      { file: 'roles.csv', line: 7, message: 'user ghost is not in users.csv' },
      { file: 'users.csv', line: 3, message: 'user u2 has no email' },
      { file: 'users.csv', line: 4, message: 'email ada@school.test is also used by user u1 (line 2)' },
      { file: 'users.csv', line: 5, message: 'user u4: "not-an-email" is not an email address' },
      { file: 'users.csv', line: 6, message: 'sourcedId u1 is already on line 2' },
      { file: 'users.csv', line: 8, message: 'user u6 has no role in roles.csv' },
    ]);
    expect([...roster.users.keys()]).toEqual(['u1']);
    expect(roster.enrolments.map((e) => [e.classSourcedId, e.userSourcedId])).toEqual([['c1', 'u1']]);
    // a broken row still names its user: nobody is taken for gone because of a typo
    expect([...roster.seenUserIds].sort()).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(roster.incomplete).toBe(false);
  });

  it('refuses a file without a required column, and a file that is not CSV, and marks the roster incomplete', async () => {
    const noColumn = await parseRoster(sourceOf({ 'users.csv': 'id,email\n1,a@b.test\n', 'roles.csv': `${header12.roles}\n` }));
    expect(noColumn.errors).toEqual([{ file: 'users.csv', line: 1, message: 'missing column sourcedid' }]);
    expect(noColumn.incomplete).toBe(true);
    const broken = await parseRoster(
      sourceOf({
        'users.csv': `${header12.users}\n${user12('u1', 'Ada', 'ada@school.test')}\nu2,"unclosed,\n`,
        'roles.csv': `${header12.roles}\n`,
      }),
    );
    expect(broken.errors).toEqual([
      { file: 'users.csv', line: 3, message: expect.stringMatching(/^not readable as CSV: Quote Not Closed/) },
    ]);
    expect(broken.incomplete).toBe(true);
  });

  it('picks the school from a district export by the org chosen or by its IB code, and leaves other schools out', async () => {
    const files = {
      ...oneRosterFiles({ teachers: 2, students: 10, classes: 2 }),
      'orgs.csv':
        'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\nd,,,District,district,,\norg-1,,,One,school,IB-1,d\norg-2,,,Two,school,IB-2,d\n',
    };
    const undecided = await parseRoster(sourceOf(files));
    expect(undecided.errors).toEqual([
      { file: 'orgs.csv', line: 1, message: 'the files hold 2 schools (One (org-1), Two (org-2)); choose one with org' },
    ]);
    expect(undecided.users.size).toBe(0);
    expect(undecided.incomplete).toBe(true);
    expect((await parseRoster(sourceOf(files), { schoolCode: 'ib-1' })).users.size).toBe(12);
    const other = await parseRoster(sourceOf(files), { orgSourcedId: 'org-2' });
    expect(other.errors).toEqual([]);
    expect(other.users.size).toBe(0);
    expect(other.classes.size).toBe(0);
    expect(other.enrolments).toEqual([]);
  });

  it('reads enabledUser=false and status=tobedeleted as inactive, and a delta manifest as delta', async () => {
    const roster = await parseRoster(
      sourceOf({
        'manifest.csv':
          'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,delta\nfile.roles,delta\nfile.classes,bulk\n',
        'users.csv': [
          header12.users,
          user12('u1', 'Ada', 'ada@school.test', 'false'),
          'u2,tobedeleted,,true,bo,,Bo,Doe,,,bo@school.test,,,,,,,,,,,org-1,',
        ].join('\n'),
        'roles.csv': [header12.roles, 'r1,,,u1,primary,student,,,org-1,', 'r2,,,u2,primary,student,,,org-1,'].join('\n'),
      }),
    );
    expect(roster.mode).toBe('delta');
    expect(roster.errors).toEqual([
      { file: 'manifest.csv', line: 6, message: 'lists classes.csv as bulk but the file is not in the upload' },
    ]);
    expect([...roster.users.values()].map((u) => [u.sourcedId, u.active])).toEqual([
      ['u1', false],
      ['u2', false],
    ]);
  });
});

describe('OneRoster 1.1', () => {
  it('reads the role and orgs from users.csv', async () => {
    const roster = await parseRoster(sourceOf(oneRosterFiles({ teachers: 3, students: 60, classes: 4, version: '1.1' })));
    expect(roster.errors).toEqual([]);
    expect(roster.format).toBe('oneroster-1.1');
    expect(roster.users.size).toBe(63);
    expect(roster.users.get('t-0')?.role).toBe('teacher');
    expect(roster.users.get('s-0')?.role).toBe('student');
    expect(roster.enrolments).toHaveLength(64);
  });

  it('reports a user without a role and an unknown role, and skips guardians', async () => {
    const head =
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email';
    const roster = await parseRoster(
      sourceOf({
        'users.csv': [
          head,
          'u1,active,,true,org-1,,a,,Ada,Doe,,,ada@school.test',
          'u2,active,,true,org-1,pirate,b,,Bo,Doe,,,bo@school.test',
          'u3,active,,true,org-1,guardian,c,,Cy,Doe,,,cy@school.test',
          'u4,active,,true,org-1,Teacher,d,,Di,Doe,,,di@school.test',
        ].join('\r\n'),
      }),
    );
    expect(roster.errors).toEqual([
      { file: 'users.csv', line: 2, message: 'user u1 has no role' },
      { file: 'users.csv', line: 3, message: expect.stringMatching(/^unknown role "pirate"/) },
    ]);
    expect(roster.skipped).toEqual([{ file: 'users.csv', line: 4, message: 'guardian u3 is not a school member here' }]);
    expect([...roster.users.keys()]).toEqual(['u4']);
  });
});

describe('one-file CSV', () => {
  it('reads email,name,role,class with several classes per cell, a BOM and headers in any case', async () => {
    const roster = await parseRoster(
      sourceOf({
        'roster.csv':
          '\uFEFFEmail, Name ,ROLE,Class\r\nada@school.test,Ada Lovelace,teacher,Maths HL; Physics SL\r\nbo@school.test,Bo,student,maths hl\r\ncy@school.test,,admin,\r\n',
      }),
    );
    expect(roster.errors).toEqual([]);
    expect(roster.format).toBe('simple-csv');
    expect([...roster.users.values()].map((u) => [u.sourcedId, u.name, u.role])).toEqual([
      ['csv:ada@school.test', 'Ada Lovelace', 'teacher'],
      ['csv:bo@school.test', 'Bo', 'student'],
      ['csv:cy@school.test', 'cy', 'school_admin'],
    ]);
    expect([...roster.classes.values()].map((c) => [c.sourcedId, c.name])).toEqual([
      ['csv:maths hl', 'Maths HL'],
      ['csv:physics sl', 'Physics SL'],
    ]);
    expect(roster.enrolments.map((e) => [e.classSourcedId, e.userSourcedId, e.role])).toEqual([
      ['csv:maths hl', 'csv:ada@school.test', 'teacher'],
      ['csv:physics sl', 'csv:ada@school.test', 'teacher'],
      ['csv:maths hl', 'csv:bo@school.test', 'student'],
    ]);
  });

  it('reports a missing email, an unknown or missing role and a repeated email, line by line', async () => {
    const roster = await parseRoster(
      sourceOf({
        'people.csv':
          'email,name,role,class\n,No Mail,student,A\nbo@school.test,Bo,wizard,A\nada@school.test,Ada,student,A\nADA@school.test,Ada again,student,B\ncy@school.test,Cy,,A\n',
      }),
    );
    expect(roster.errors).toEqual([
      { file: 'people.csv', line: 2, message: 'email is empty' },
      { file: 'people.csv', line: 3, message: 'unknown role "wizard" (student, teacher or school_admin)' },
      { file: 'people.csv', line: 5, message: expect.stringMatching(/^ada@school.test is already on line 4/) },
      { file: 'people.csv', line: 6, message: 'role is empty (student, teacher or school_admin)' },
    ]);
    expect([...roster.users.keys()]).toEqual(['csv:ada@school.test']);
  });

  it('refuses an upload that is neither', async () => {
    const roster = await parseRoster(sourceOf({ 'a.csv': 'x\n', 'b.csv': 'y\n' }));
    expect(roster.errors).toEqual([{ file: 'a.csv, b.csv', line: 0, message: expect.stringMatching(/no users.csv/) }]);
    expect(roster.incomplete).toBe(true);
  });
});

describe('csvRows', () => {
  it('streams: the first rows come out after the first chunk, not after the whole file', async () => {
    let pulled = 0;
    async function* file(): AsyncGenerator<string> {
      yield 'email,name\n';
      for (let c = 0; c < 100; c++) {
        pulled++;
        yield Array.from({ length: 100 }, (_, i) => `p${c}-${i}@school.test,P\n`).join('');
      }
    }
    const rows = csvRows(file());
    const first = await rows.next();
    expect(first.value).toMatchObject({ line: 2 });
    expect(first.value?.get('email')).toBe('p0-0@school.test');
    expect(pulled).toBeLessThan(20);
    await rows.return(undefined);
  });
});
