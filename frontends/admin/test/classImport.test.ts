import { accessText, parseCsv, readClassList, reportCsv } from '../src/lib/classImport';

describe('class list CSV', () => {
  it('parses quotes, escaped quotes, CRLF, semicolons and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,2,3\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('first;last;email\nAnn;Lee;a@b.co')).toEqual([
      ['first', 'last', 'email'],
      ['Ann', 'Lee', 'a@b.co'],
    ]);
    expect(parseCsv('"multi\nline",x')).toEqual([['multi\nline', 'x']]);
  });

  it('reads rows by header names in any order, with defaults and per-row problems', () => {
    const rows = readClassList(
      [
        'E-mail,Last Name,First Name,Credits,Role',
        'ANN@School.org,Lee,Ann,3,Student',
        'bob@school.org,Bay,Bob,,teacher',
        'ann@school.org,Lee,Ann,1,student',
        'not-an-email,X,Y,1,student',
        'cy@school.org,Zed,Cy,-2,student',
        'di@school.org,Do,Di,1,admin',
        'ed@school.org,,Ed,1,student',
      ].join('\n'),
      ['student', 'teacher'],
    );
    expect(rows.map((r) => [r.line, r.email, r.role, r.credits, r.problem])).toEqual([
      [2, 'ann@school.org', 'student', 3, null],
      [3, 'bob@school.org', 'teacher', 1, null],
      [4, 'ann@school.org', 'student', 1, 'The same e-mail appears earlier in the file'],
      [5, 'not-an-email', 'student', 1, 'Not a valid e-mail address'],
      [6, 'cy@school.org', 'student', -2, 'Credits must be a whole number, 0 or more'],
      [7, 'di@school.org', 'admin', 1, 'Role must be one of: student, teacher'],
      [8, 'ed@school.org', 'student', 1, 'First and last name are required'],
    ]);
  });

  it('without a header the columns are first name, last name, e-mail, role, credits', () => {
    const [row] = readClassList('Ann,Lee,ann@school.org,teacher,2', ['student', 'teacher']);
    expect(row).toEqual({
      line: 1,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@school.org',
      role: 'teacher',
      credits: 2,
      problem: null,
    });
  });

  it('writes a report with each one-time password, quoted', () => {
    const [row] = readClassList('Ann,"Lee, Jr",ann@school.org,student,1', ['student']);
    expect(reportCsv([{ row: row!, status: 'Created', access: { password: 'a"b' } }])).toBe(
      'line,first name,last name,email,role,credits,result,one-time password\r\n"1","Ann","Lee, Jr","ann@school.org","student","1","Created","a""b"\r\n',
    );
  });

  it('writes "e-mail sent" instead of a password when the accounts got a password-set e-mail', () => {
    const [ann, bob, cy] = readClassList('Ann,Lee,ann@school.org\nBob,Ray,bob@school.org\nCy,Oh,not-an-email', ['student']);
    const csv = reportCsv([
      { row: ann!, status: 'Created', access: { mail: 'sent' } },
      { row: bob!, status: 'Created', access: { mail: 'not sent' } },
      { row: cy!, status: 'Skipped: Not a valid e-mail address', access: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'line,first name,last name,email,role,credits,result,password e-mail',
      '"1","Ann","Lee","ann@school.org","student","1","Created","e-mail sent"',
      '"2","Bob","Ray","bob@school.org","student","1","Created","e-mail not sent"',
      '"3","Cy","Oh","not-an-email","student","1","Skipped: Not a valid e-mail address",""',
      '',
    ]);
    expect(accessText({ password: 'p4ss' })).toBe('p4ss');
  });
});
