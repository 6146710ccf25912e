import { generatePassword, PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '../src/lib/password';
import { readingTimeMinutes, textStats, truncate, txtFileName, wordCount } from '../src/lib/text';
import { decisionError, reviewButtons, rubricTotal, scoreError, criterionScoreError } from '../src/lib/review';
import { mayOpen, userManagementRights, ACCESS_DENIED, mayEditPolicies } from '../src/lib/roles';
import { growthPercent, periodCounts, successLabel, averagePercent, systemChecks } from '../src/lib/overview';
import { rubricFileError } from '../src/lib/rubricFile';
import { creditValue, userCounters } from '../src/lib/users';
import { linkFormErrors, linkCounters, linkTitle, platformOptions } from '../src/lib/links';
import { rubricTextProblem } from '../src/lib/rubricText';

const role = (r: 'student' | 'teacher' | 'admin' | 'super-admin') => ({ role: r });

describe('generated password', () => {
  it('is 12 characters from the spec alphabet (upper, lower, digits, !@#$%^&*)', () => {
    expect(PASSWORD_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*');
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(p).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    }
  });

  it('draws from crypto.getRandomValues, rejecting values that would bias the alphabet', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    // first draw [max, 69, max]: both maxima are rejected, 69 → '*'; second draw [0, 69, 0] → 'A', '*'
    let call = 0;
    const source = (a: Uint32Array) => {
      a.fill(call++ === 0 ? 0xffffffff : 0);
      a[1] = 69;
      return a;
    };
    expect(generatePassword(3, source)).toBe('*A*');
  });

  it('uses every character of the alphabet over many draws', () => {
    const seen = new Set(Array.from({ length: 400 }, () => generatePassword()).join(''));
    expect(seen.size).toBe(PASSWORD_ALPHABET.length);
  });
});

describe('text', () => {
  it('reading time is words / 200 rounded up', () => {
    expect(readingTimeMinutes(0)).toBe(0);
    expect(readingTimeMinutes(1)).toBe(1);
    expect(readingTimeMinutes(200)).toBe(1);
    expect(readingTimeMinutes(201)).toBe(2);
    expect(readingTimeMinutes(3999)).toBe(20);
  });
  it('counts words on whitespace, paragraphs on blank lines, characters', () => {
    expect(wordCount('  one\ttwo\n\nthree  ')).toBe(3);
    expect(textStats('First para here.\n\n  \nSecond one.\nSame para.')).toEqual({
      words: 7,
      paragraphs: 2,
      characters: 43,
      readingMinutes: 1,
    });
  });
  it('truncates names at 40 characters with an ellipsis', () => {
    expect(truncate('a'.repeat(40))).toBe('a'.repeat(40));
    expect(truncate('a'.repeat(41))).toBe(`${'a'.repeat(40)}...`);
  });
  it('names the .txt download from the title', () => {
    expect(txtFileName('The Crash: 1929 / Causes?')).toBe('The_Crash_1929_Causes.txt');
    expect(txtFileName('***')).toBe('essay.txt');
  });
});

describe('approval rules', () => {
  it('only completed submissions; approve off when approved, reject off when rejected', () => {
    expect(reviewButtons({ status: 'processing', approval_status: 'pending_review' })).toEqual({ approve: false, reject: false });
    expect(reviewButtons({ status: 'completed', approval_status: 'pending_review' })).toEqual({ approve: true, reject: true });
    expect(reviewButtons({ status: 'completed', approval_status: 'approved' })).toEqual({ approve: false, reject: true });
    expect(reviewButtons({ status: 'completed', approval_status: 'rejected' })).toEqual({ approve: true, reject: false });
    expect(reviewButtons({ status: 'failed', approval_status: 'pending_review' })).toEqual({ approve: false, reject: false });
  });
  it('reject needs non-blank notes; approve notes are optional', () => {
    expect(decisionError('reject', '')).toBe('Admin notes are required to reject an evaluation');
    expect(decisionError('reject', '  \n ')).toBe('Admin notes are required to reject an evaluation');
    expect(decisionError('reject', 'Copied passages')).toBeNull();
    expect(decisionError('approve', '')).toBeNull();
  });
  it('scores: 0..rubric total (default 30), criteria 0..their max', () => {
    expect(rubricTotal({ rubric: { scoring_structure: { total_points: 34 } } } as never)).toBe(34);
    expect(rubricTotal({ rubric: { scoring_structure: {} } } as never)).toBe(30);
    expect(scoreError(34, 34)).toBeNull();
    expect(scoreError(34.5, 34)).toBe('Score must be between 0 and 34.');
    expect(scoreError(-1, 34)).toBe('Score must be between 0 and 34.');
    expect(scoreError(null, 34)).toBe('Enter a score.');
    expect(criterionScoreError(7, 6)).toBe('Between 0 and 6.');
    expect(criterionScoreError(6, 6)).toBeNull();
  });
});

describe('role gates', () => {
  it('submissions list and rubrics: super admin only; the rest: admin and super admin; nobody else', () => {
    for (const screen of ['submissions', 'rubrics'] as const) {
      expect(mayOpen(screen, role('super-admin'))).toBe(true);
      expect(mayOpen(screen, role('admin'))).toBe(false);
    }
    for (const screen of ['overview', 'submission-detail', 'users', 'links', 'policies', 'settings'] as const) {
      expect(mayOpen(screen, role('super-admin'))).toBe(true);
      expect(mayOpen(screen, role('admin'))).toBe(true);
      expect(mayOpen(screen, role('teacher'))).toBe(false);
      expect(mayOpen(screen, role('student'))).toBe(false);
    }
    expect(ACCESS_DENIED.submissions.message.defaultMessage).toBe('Admin privileges required.');
    expect(ACCESS_DENIED['submission-detail'].message.defaultMessage).toBe("You don't have permission to view this page.");
    expect(ACCESS_DENIED.layout.message.defaultMessage).toBe('You need admin privileges to access this page.');
  });
  it('only a super admin creates admins, changes roles, edits policies', () => {
    const sup = userManagementRights(role('super-admin'));
    const adm = userManagementRights(role('admin'));
    expect(sup.creatableRoles).toEqual(['student', 'teacher', 'admin', 'super_admin']);
    expect(adm.creatableRoles).toEqual(['student', 'teacher']);
    expect(sup.mayChangeRole).toBe(true);
    expect(adm.mayChangeRole).toBe(false);
    expect(adm.mayManage({ id: 'x', role: 'teacher' }, 'me')).toBe(true);
    expect(adm.mayManage({ id: 'x', role: 'admin' }, 'me')).toBe(false);
    expect(sup.mayManage({ id: 'x', role: 'admin' }, 'me')).toBe(true);
    expect(sup.mayManage({ id: 'me', role: 'super_admin' }, 'me')).toBe(false);
    expect(mayEditPolicies(role('super-admin'))).toBe(true);
    expect(mayEditPolicies(role('admin'))).toBe(false);
  });
});

describe('overview figures', () => {
  it('growth is the change against the previous 30 days', () => {
    expect(growthPercent(15, 10)).toBe(50);
    expect(growthPercent(5, 10)).toBe(-50);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(3, 0)).toBeNull();
    const now = Date.parse('2026-03-31T00:00:00Z');
    const day = (n: number) => new Date(now - n * 86_400_000).toISOString();
    expect(periodCounts([day(1), day(29), day(31), day(59), day(61), null], now)).toEqual({ current: 2, previous: 2, change_percent: 0 });
  });
  it('success labels and the average of completed evaluations', () => {
    expect(successLabel(95)).toBe('Excellent');
    expect(successLabel(90)).toBe('Excellent');
    expect(successLabel(70)).toBe('Good');
    expect(successLabel(69.9)).toBe('Needs Improvement');
    const ev = (status: string, percentage?: number) => ({ status, results: percentage === undefined ? null : { percentage } }) as never;
    expect(averagePercent([ev('completed', 80), ev('completed', 60), ev('failed'), ev('processing')])).toBe(70);
    expect(averagePercent([])).toBeNull();
  });
  it('system checks come from the real health answer', () => {
    const ok = systemChecks({ status: 'ok', not_ready: [], services: { auth: { ready: true }, grading: { ready: true } } });
    expect(ok.map((r) => [r.name, r.ok])).toEqual([
      ['API', true],
      ['Database', true],
      ['Message Bus', true],
      ['AI Service', true],
    ]);
    const down = systemChecks({
      status: 'degraded',
      not_ready: ['users', 'grading'],
      services: {
        users: { ready: false, detail: 'not ready: postgres (connection refused)' },
        grading: { ready: false, detail: 'not ready: nats (timeout)' },
      },
    });
    expect(down.map((r) => [r.name, r.ok])).toEqual([
      ['API', true],
      ['Database', false],
      ['Message Bus', false],
      ['AI Service', false],
    ]);
    expect(systemChecks('error')[0]).toEqual({ name: 'API', ok: false, detail: 'Not reachable' });
  });
});

describe('forms', () => {
  it('rubric files: .pdf .docx .doc .txt up to 10 MB', () => {
    expect(rubricFileError({ name: 'r.PDF', size: 10 })).toBeNull();
    expect(rubricFileError({ name: 'r.doc', size: 10 * 1024 * 1024 })).toBeNull();
    expect(rubricFileError({ name: 'r.png', size: 10 })).toBe('Unsupported file type. Please upload: .pdf, .docx, .doc, .txt');
    expect(rubricFileError({ name: 'README', size: 10 })).toBe('Unsupported file type. Please upload: .pdf, .docx, .doc, .txt');
    expect(rubricFileError({ name: 'r.txt', size: 10 * 1024 * 1024 + 1 })).toBe('File too large. Maximum size is 10MB.');
  });
  it('credits are integers ≥ 0 (bad input: 0 for current, 1 for max)', () => {
    expect(creditValue(5, 0)).toBe(5);
    expect(creditValue(-1, 0)).toBe(0);
    expect(creditValue(2.5, 1)).toBe(1);
    expect(creditValue('x', 1)).toBe(1);
  });
  it('user counters count admins and super admins together', () => {
    expect(
      userCounters([{ role: 'student' }, { role: 'teacher' }, { role: 'admin' }, { role: 'super_admin' }, { role: 'student' }] as never),
    ).toEqual({ total: 5, students: 2, teachers: 1, admins: 2 });
  });
  it('link form messages and counters', () => {
    expect(linkFormErrors({})).toEqual({
      category: 'Social media platform is required',
      url: 'URL is required',
      description: 'Description is required',
    });
    expect(linkFormErrors({ category: 'youtube', url: 'https://youtube.com/@corestone', description: 'Our channel' })).toEqual({});
    expect(
      linkCounters([
        { is_active: true, clicks: 3 },
        { is_active: false, clicks: 4 },
      ] as never),
    ).toEqual({ total: 2, active: 1, clicks: 7, average: 3.5 });
    // more links than one list holds: the service's count of all of them
    const overview = { total_links: 612, active_links: 600, featured_links: 3, total_clicks: 1000, average_clicks: 1.63, by_category: {} };
    expect(linkCounters([{ is_active: true, clicks: 3 }] as never, overview)).toEqual({
      total: 612,
      active: 600,
      clicks: 1000,
      average: 1.6,
    });
  });
  it('a link is titled by its platform when added or moved, and keeps its title when edited in place', () => {
    expect(linkTitle(null, 'youtube')).toBe('YouTube');
    const sister = { title: 'IBDP Tutoring', category: 'resource' as const };
    expect(linkTitle(sister, 'resource')).toBe('IBDP Tutoring');
    expect(linkTitle(sister, 'linkedin')).toBe('LinkedIn');
    expect(linkTitle({ title: 'Instagram', category: 'instagram' }, 'tiktok')).toBe('TikTok');
  });
  it("the platform picker shows a non-social link's own category by its label, and only the six platforms otherwise", () => {
    expect(platformOptions(null).map((o) => o.value)).toEqual(['instagram', 'linkedin', 'youtube', 'twitter', 'facebook', 'tiktok']);
    expect(platformOptions({ category: 'youtube' })).toHaveLength(6);
    expect(platformOptions({ category: 'resource' })[0]).toEqual({ value: 'resource', label: 'Tools & Resources' });
    expect(platformOptions({ category: 'resource' })).toHaveLength(7);
  });
});

import { scoringProblems, totalOf, withDerivedPoints } from '../src/lib/scoring';

describe('rubric scoring editor checks', () => {
  const base = {
    total_points: 12,
    scoring_method: 'weighted_sum' as const,
    pass_threshold: 50,
    criteria: [
      { code: 'A', name: 'Focus', maxScore: 6, weight: 1, scoring_levels: [{ min: 0, max: 3, descriptor: 'weak' }] },
      { code: 'B', name: 'Analysis', maxScore: 6, weight: 1 },
    ],
    grade_boundaries: [{ grade: 'A', min_percentage: 80, max_percentage: 100, description: 'Excellent' }],
  };
  it('accepts a sound structure and totals the maxima', () => {
    expect(scoringProblems(base)).toEqual([]);
    expect(totalOf(base)).toBe(12);
  });
  it('names each problem', () => {
    expect(scoringProblems({ ...base, criteria: [] })).toEqual(['A rubric needs at least one criterion.']);
    expect(scoringProblems({ ...base, criteria: [base.criteria[0]!, { ...base.criteria[1]!, code: 'A', maxScore: 0 }] })).toEqual([
      'Criterion code A is used twice.',
      'Criterion A: the maximum must be above 0.',
    ]);
    expect(
      scoringProblems({ ...base, criteria: [{ ...base.criteria[0]!, scoring_levels: [{ min: 4, max: 7, descriptor: '' }] }] }),
    ).toEqual(['Criterion A: level 4–7 must lie within 0–6.']);
    expect(
      scoringProblems({ ...base, grade_boundaries: [{ grade: 'B', min_percentage: 90, max_percentage: 70, description: '' }] }),
    ).toEqual(['Grade B: 90–70% is not a range within 0–100.']);
  });
  it('derives the total and each weight from the maxima, as the rubric service stores them', () => {
    const derived = withDerivedPoints({
      ...base,
      criteria: [
        { ...base.criteria[0]!, maxScore: 6 },
        { ...base.criteria[1]!, maxScore: 8 },
      ],
    });
    expect([derived.total_points, derived.criteria.map((c) => c.weight)]).toEqual([14, [0.429, 0.571]]);
    expect(withDerivedPoints({ ...base, criteria: [] }).total_points).toBe(0);
  });
  it('two criteria of one name (any case) are refused, as the rubric service refuses them', () => {
    expect(scoringProblems({ ...base, criteria: [base.criteria[0]!, { ...base.criteria[1]!, name: ' focus ' }] })).toEqual([
      'Criterion name focus is used twice.',
    ]);
  });
  it('a maximum is a whole number of marks up to 100', () => {
    for (const maxScore of [2.5, 101]) {
      expect(scoringProblems({ ...base, criteria: [{ ...base.criteria[1]!, maxScore }] })).toEqual([
        'Criterion B: the maximum must be a whole number of marks up to 100.',
      ]);
    }
    expect(scoringProblems({ ...base, criteria: [{ ...base.criteria[1]!, maxScore: 100 }] })).toEqual([]);
  });
  it("says which of a rubric's texts is longer than the service takes", () => {
    const ok = { title: 'T', description: '', criteria: '' };
    expect(rubricTextProblem(ok)).toBeNull();
    expect(rubricTextProblem({ ...ok, title: 'x'.repeat(201) })).toBe('The title can be at most 200 characters.');
    expect(rubricTextProblem({ ...ok, description: 'x'.repeat(5001) })).toBe('The description can be at most 5,000 characters.');
    expect(rubricTextProblem({ ...ok, criteria: 'x'.repeat(50_001) })).toBe('The criteria text can be at most 50,000 characters.');
  });
});

import { namesMissing, passwordFieldsMissing } from '../src/lib/account';
import { draftDirty } from '../src/lib/tokTitles';

describe('settings button rules', () => {
  it('a profile needs both names, blank ones do not count', () => {
    expect(namesMissing('Ada', 'Lovelace')).toBe(false);
    expect(namesMissing('Ada', '  ')).toBe(true);
    expect(namesMissing('', 'Lovelace')).toBe(true);
  });
  it('a password change needs all three fields', () => {
    expect(passwordFieldsMissing('old', 'newpass', 'newpass')).toBe(false);
    expect(passwordFieldsMissing('old', 'newpass', '')).toBe(true);
    expect(passwordFieldsMissing('', 'newpass', 'newpass')).toBe(true);
  });
});

describe('TOK titles draft', () => {
  const original = { session: 'May 2027', titles: ['a', 'b', 'c', 'd', 'e', 'f'] };
  it('an edit is dirty once it differs from its session; a new draft once it holds anything', () => {
    expect(draftDirty(null, original)).toBe(false);
    expect(draftDirty({ id: 's1', ...original, titles: [...original.titles] }, original)).toBe(false);
    expect(draftDirty({ id: 's1', session: 'May 2028', titles: [...original.titles] }, original)).toBe(true);
    expect(draftDirty({ id: 's1', session: 'May 2027', titles: ['a', 'b', 'c', 'd', 'e', 'g'] }, original)).toBe(true);
    expect(draftDirty({ id: null, session: '', titles: ['', '', '', '', '', ''] }, undefined)).toBe(false);
    expect(draftDirty({ id: null, session: '', titles: ['', '', 'x', '', '', ''] }, undefined)).toBe(true);
  });
});
