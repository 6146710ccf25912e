import type { Assignment, RubricSnapshot } from '@corestone/contracts';
import {
  admitSubmission,
  gradeFor,
  myAssignment,
  needsReview,
  submissionState,
  NO_ASSIGNMENT,
  type StandingRow,
} from '../src/domain/assignment';
import { results } from './harness';

const NOW = new Date('2027-03-10T12:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000).toISOString();

const assignment = (over: Partial<Assignment> = {}): Assignment => ({
  id: 'a1',
  class_id: 'c1',
  school_id: 's1',
  class_name: 'EE 1',
  title: 'Final EE',
  instructions: '',
  essay_type: 'ee',
  rubric_id: 'r1',
  kind: 'final',
  opens_at: null,
  due_at: hours(72),
  time_zone: 'Europe/Zurich',
  allow_late: false,
  release_mode: 'after_review',
  show_ai_marks: false,
  created_by: 't1',
  archived_at: null,
  created_at: hours(-100),
  updated_at: hours(-100),
  ...over,
});

const rubric = {
  scoring_structure: {
    grade_boundaries: [
      { grade: 'A', min_percentage: 75, max_percentage: 100, description: '' },
      { grade: 'B', min_percentage: 50, max_percentage: 74.99, description: '' },
      { grade: 'C', min_percentage: 0, max_percentage: 49.99, description: '' },
    ],
  },
} as unknown as RubricSnapshot;

describe('admitting a submission', () => {
  const essay = { essay_type: 'ee', rubric_id: 'r1' };
  it('takes an open assignment on time, and late work only when allowed', () => {
    expect(admitSubmission(assignment(), essay, NOW)).toMatchObject({ assignment_id: 'a1', class_school_id: 's1', late: false });
    expect(admitSubmission(assignment({ due_at: hours(-1), allow_late: true }), essay, NOW).late).toBe(true);
  });
  it.each([
    [{ due_at: hours(-1) }, essay, 409, 'ASSIGNMENT_CLOSED'],
    [{ archived_at: hours(-2) }, essay, 409, 'ASSIGNMENT_CLOSED'],
    [{ opens_at: hours(1) }, essay, 409, 'ASSIGNMENT_NOT_OPEN'],
    [{}, { essay_type: 'tok', rubric_id: 'r1' }, 400, 'ASSIGNMENT_MISMATCH'],
    [{}, { essay_type: 'ee', rubric_id: 'r2' }, 400, 'ASSIGNMENT_MISMATCH'],
  ])('refuses %j with %j', (over, e, statusCode, code) => {
    expect(() => admitSubmission(assignment(over), e, NOW)).toThrow(expect.objectContaining({ statusCode, code }));
  });
});

describe('needs review', () => {
  const row = (total: number, extra = {}, words = 3000) => ({
    results: { ...results(total, 24), ...extra },
    rubric,
    essay_type: 'ee' as const,
    word_count: words,
  });
  it('flags a total within one mark below a boundary, or less than one above it', () => {
    expect(needsReview(row(17)).map((r) => r.detail)).toEqual(['Total 17/24 is one point from grade A (18)']);
    expect(needsReview(row(12.5)).map((r) => r.detail)).toEqual(['Total 12.5/24 is within one point above the grade B boundary (12)']);
    expect(needsReview(row(15))).toEqual([]);
    expect(needsReview(row(13))).toEqual([]); // exactly one above: not "near"
  });
  it('flags a fallback grader, a very short and a very long essay', () => {
    expect(needsReview(row(15, { grader: 'builtin-fallback', fallbackReason: 'timeout' }))).toEqual([
      { code: 'fallback_grader', detail: 'Graded by the built-in fallback (builtin-fallback): timeout' },
    ]);
    expect(needsReview(row(15, {}, 1999)).map((r) => r.code)).toEqual(['very_short']);
    expect(needsReview(row(15, {}, 2000))).toEqual([]);
    expect(needsReview(row(15, {}, 4001)).map((r) => r.code)).toEqual(['very_long']);
  });
  it('reads the grade from the boundaries', () => {
    expect([gradeFor(rubric, 75), gradeFor(rubric, 74.9), gradeFor(rubric, 0)]).toEqual(['A', 'B', 'C']);
  });
});

describe('standings', () => {
  const standing = (over: Partial<StandingRow>): StandingRow => ({
    ...NO_ASSIGNMENT,
    assignment_id: 'a1',
    release_mode: 'after_review',
    id: 'e1',
    status: 'completed',
    created_at: NOW,
    completed_at: NOW,
    results_total: 20,
    results_max: 24,
    results_grade: 'A',
    ...over,
  });
  it("gives the teacher's states", () => {
    expect(submissionState(null, [])).toBe('not_submitted');
    expect(submissionState(standing({ status: 'processing' }), [])).toBe('submitted');
    expect(submissionState(standing({}), [])).toBe('graded');
    expect(submissionState(standing({}), [{ code: 'very_short', detail: '' }])).toBe('needs_review');
    expect(submissionState(standing({ release_mode: 'immediate' }), [])).toBe('released');
  });
  it("gives the student's states", () => {
    const state = (over: Partial<Assignment>, latest: StandingRow | null = null) => myAssignment(assignment(over), latest, NOW).state;
    expect(state({ opens_at: hours(2) })).toBe('upcoming');
    expect(state({ due_at: hours(100) })).toBe('open');
    expect(state({ due_at: hours(47) })).toBe('due_soon');
    expect(state({ due_at: hours(-1), allow_late: true })).toBe('overdue');
    expect(state({ due_at: hours(-1) })).toBe('closed');
    expect(state({}, standing({}))).toBe('submitted');
    expect(myAssignment(assignment(), standing({ released_at: NOW }), NOW)).toMatchObject({ state: 'released', total: 20, max_total: 24 });
  });
});
