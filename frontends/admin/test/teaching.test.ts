/** Issue 31's pure rules of the teacher's area: dates in the school's zone, the gradebook's filters and sorting, the review form. */
import type { AssignmentSubmission, Evaluation, Gradebook, StudentRef } from '@corestone/sdk';
import { formatZoned, isoToZoned, spanText, zonedToIso, zoneOffsetMinutes } from '@corestone/ui/zoned-time';
import {
  DEFAULT_GRADEBOOK_VIEW,
  differenceText,
  gradebookRows,
  kappaWords,
  percentText,
  reviewDraftOf,
  reviewProblem,
  reviewRequest,
  stateCounts,
  withPassageComment,
} from '../src/lib/teaching';
import { classStudent, submissionCell } from './fixtures';
import { createIntl } from 'react-intl';

const intl = createIntl({ locale: 'en' });

describe("dates on the school's clocks", () => {
  test('a wall time in a zone becomes the right instant, summer and winter', () => {
    expect(zonedToIso('2027-01-10T17:00', 'Europe/London')).toBe('2027-01-10T17:00:00.000Z');
    expect(zonedToIso('2027-07-10T17:00', 'Europe/London')).toBe('2027-07-10T16:00:00.000Z');
    expect(zonedToIso('2027-01-10T09:30', 'Asia/Kolkata')).toBe('2027-01-10T04:00:00.000Z');
    expect(zonedToIso('2027-01-10T17:00', 'America/New_York')).toBe('2027-01-10T22:00:00.000Z');
    expect(zonedToIso('2027-01-10 17:00', 'UTC')).toBe('2027-01-10T17:00:00.000Z');
  });

  test('clock changes: a skipped time moves on by the gap, a repeated one is the first', () => {
    // London springs forward 28 Mar 2027 01:00 → 02:00: 01:30 does not exist
    expect(zonedToIso('2027-03-28T01:30', 'Europe/London')).toBe('2027-03-28T01:30:00.000Z');
    // and falls back 31 Oct 2027 02:00 → 01:00: 01:30 happens twice (BST first)
    expect(zonedToIso('2027-10-31T01:30', 'Europe/London')).toBe('2027-10-31T00:30:00.000Z');
  });

  test('nonsense is refused; round trip back to the input', () => {
    expect(zonedToIso('2027-02-30T10:00', 'UTC')).toBeNull();
    expect(zonedToIso('tomorrow', 'UTC')).toBeNull();
    expect(zonedToIso('2027-01-10T25:00', 'UTC')).toBeNull();
    expect(isoToZoned('2027-07-10T16:00:00.000Z', 'Europe/London')).toBe('2027-07-10T17:00');
    expect(isoToZoned('2027-01-10T04:00:00.000Z', 'Asia/Kolkata')).toBe('2027-01-10T09:30');
    expect(zoneOffsetMinutes(Date.parse('2027-07-01T00:00:00Z'), 'Europe/London')).toBe(60);
  });

  test('shown in the zone, whatever the browser says', () => {
    expect(formatZoned('2027-07-10T16:00:00.000Z', 'Europe/London')).toBe('Sat 10 Jul 2027, 17:00');
    expect(formatZoned('2027-07-10T16:00:00.000Z', 'Asia/Tokyo', true)).toBe('Sun 11 Jul 2027, 01:00 (Asia/Tokyo)');
    expect(formatZoned(null, 'UTC')).toBe('—');
    const now = Date.parse('2027-01-01T00:00:00Z');
    expect(spanText('2027-01-04T01:00:00Z', now)).toBe('3 days');
    expect(spanText('2027-01-01T05:10:00Z', now)).toBe('5 hours');
    expect(spanText('2026-12-31T23:59:00Z', now)).toBe('1 minute');
  });
});

const student = classStudent;
const cell = (s: StudentRef, assignment: string, over: Partial<AssignmentSubmission>) =>
  submissionCell(s, { assignment_id: assignment, ...over });

describe('gradebook rows', () => {
  const [ana, ben, cai, dee] = ['Ana', 'Ben', 'Cai', 'Dee'].map(student) as [StudentRef, StudentRef, StudentRef, StudentRef];
  const gb: Pick<Gradebook, 'students' | 'cells' | 'assignments'> = {
    assignments: [{ id: 'a1' }, { id: 'a2' }] as Gradebook['assignments'],
    students: [dee, ben, ana, cai],
    cells: [
      cell(ana, 'a1', {
        state: 'released',
        total: 20,
        max_total: 34,
        submitted_at: '2027-01-02T10:00:00Z',
        evaluation_id: 'e1',
        attempts: 1,
      }),
      cell(ben, 'a1', {
        state: 'needs_review',
        total: 27,
        late: true,
        submitted_at: '2027-01-05T10:00:00Z',
        evaluation_id: 'e2',
        attempts: 2,
      }),
      cell(cai, 'a1', { state: 'graded', total: 12, submitted_at: '2027-01-03T10:00:00Z', evaluation_id: 'e3', attempts: 1 }),
      cell(ana, 'a2', { state: 'submitted', evaluation_id: 'e4', attempts: 1, submitted_at: '2027-02-01T00:00:00Z' }),
    ],
  };
  const names = (view: Partial<typeof DEFAULT_GRADEBOOK_VIEW>) =>
    gradebookRows(gb, { ...DEFAULT_GRADEBOOK_VIEW, ...view }).map((r) => r.student.name);

  test('every student once, by name; cells by assignment; a student with nothing has empty cells', () => {
    const rows = gradebookRows(gb, DEFAULT_GRADEBOOK_VIEW);
    expect(rows.map((r) => r.student.name)).toEqual(['Ana', 'Ben', 'Cai', 'Dee']);
    expect(rows[0]!.cells.a2!.state).toBe('submitted');
    expect(rows[3]!.cells).toEqual({});
    expect(names({ descending: true })).toEqual(['Dee', 'Cai', 'Ben', 'Ana']);
  });

  test('filters: search by name or e-mail, a state in one assignment or any, lateness, not submitted', () => {
    expect(names({ search: 'BEN@' })).toEqual(['Ben']);
    expect(names({ state: 'submitted' })).toEqual(['Ana']);
    expect(names({ state: 'submitted', assignmentId: 'a1' })).toEqual([]);
    expect(names({ state: 'late' })).toEqual(['Ben']);
    expect(names({ state: 'not_submitted', assignmentId: 'a1' })).toEqual(['Dee']);
    expect(names({ state: 'not_submitted' })).toEqual(['Ben', 'Cai', 'Dee']);
  });

  test("sorting by an assignment's score, state or time: nothing submitted goes last either way", () => {
    expect(names({ assignmentId: 'a1', sort: 'score' })).toEqual(['Cai', 'Ana', 'Ben', 'Dee']);
    expect(names({ assignmentId: 'a1', sort: 'score', descending: true })).toEqual(['Ben', 'Ana', 'Cai', 'Dee']);
    expect(names({ assignmentId: 'a1', sort: 'state' })).toEqual(['Ben', 'Cai', 'Ana', 'Dee']);
    expect(names({ assignmentId: 'a1', sort: 'submitted' })).toEqual(['Ana', 'Cai', 'Ben', 'Dee']);
    // a score sort without a column chosen is by name
    expect(names({ sort: 'score' })).toEqual(['Ana', 'Ben', 'Cai', 'Dee']);
    expect(stateCounts(gb.cells, 'a1')).toEqual({ released: 1, needs_review: 1, graded: 1 });
  });
});

describe('the review form', () => {
  const ev = {
    results: {
      criteria: [
        { code: 'A', name: 'Focus', score: 5, maxScore: 6, feedback: 'AI on A' },
        { code: 'B', name: 'Knowledge', score: 4, maxScore: 6, feedback: 'AI on B' },
      ],
    },
    rubric: { scoring_structure: { criteria: [] } },
    assignment: null,
  } as unknown as Evaluation;

  test("starts from the AI's marks; a saved review wins; the request names each criterion", () => {
    const d = reviewDraftOf(ev);
    expect(d.criteria.map((c) => [c.criterion_id, c.score, c.ai_score, c.max, c.feedback])).toEqual([
      ['A', 5, 5, 6, 'AI on A'],
      ['B', 4, 4, 6, 'AI on B'],
    ]);
    const saved = reviewDraftOf({
      ...ev,
      assignment: {
        teacher_review: {
          criteria: [{ criterion_id: 'B', name: 'Knowledge', score: 2, max_score: 6, ai_score: 4, feedback: 'Mine' }],
          comment: 'Overall',
          passage_comments: [{ start: 3, end: 9, text: 'Here', quote: 'abcdef' }],
        },
      },
    } as unknown as Evaluation);
    expect(saved.criteria[1]).toMatchObject({ score: 2, feedback: 'Mine', ai_score: 4 });
    expect(saved.comment).toBe('Overall');
    expect(reviewRequest(saved)).toEqual({
      criteria: [
        { criterion_id: 'A', name: 'Focus', score: 5, feedback: 'AI on A' },
        { criterion_id: 'B', name: 'Knowledge', score: 2, feedback: 'Mine' },
      ],
      comment: 'Overall',
      passage_comments: [{ start: 3, end: 9, text: 'Here' }],
    });
  });

  test('a mark above the maximum or below 0 is said before sending; comments keep the order of the text', () => {
    const d = reviewDraftOf(ev);
    expect(reviewProblem(d, intl)).toBeNull();
    expect(reviewProblem({ ...d, criteria: [{ ...d.criteria[0]!, score: 7 }] }, intl)).toBe('Focus: the mark can be at most 6.');
    expect(reviewProblem({ ...d, criteria: [{ ...d.criteria[0]!, score: -1 }] }, intl)).toBe('Focus: the mark must be 0 or more.');
    const list = withPassageComment([{ start: 50, end: 60, text: 'b' }], { start: 10, end: 20, text: 'a' });
    expect(list.map((c) => c.text)).toEqual(['a', 'b']);
  });

  test('agreement figures in words', () => {
    expect(percentText(0.734)).toBe('73%');
    expect(differenceText(0.8)).toBe('+0.8');
    expect(differenceText(-0.333)).toBe('\u22120.33');
    expect(differenceText(null)).toBe('—');
    expect(kappaWords(0.65, intl)).toBe('substantial');
    expect(kappaWords(null, intl)).toBe('not enough essays');
  });
});
