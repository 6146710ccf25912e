/** Issue 31: the student's assignments on the overview, and what a result into an assignment may show. */
import type { Evaluation, MyAssignment, TeacherReview } from '@corestone/sdk';
import { awaitingReview, groupAssignments, maySubmit, releasedReview, uploadAddress, withTeacherMarks } from '../src/lib/assignments';
import { searchForStep } from '../src/lib/wizardSteps';

const a = (id: string, state: MyAssignment['state'], due: string): MyAssignment =>
  ({ id, state, due_at: due, essay_type: 'ee', title: id }) as MyAssignment;

test('groups: to do (overdue, due soon, open; most urgent first), submitted, released (newest first), coming up; closed ones left out', () => {
  const groups = groupAssignments([
    a('open-late', 'open', '2027-03-01T00:00:00Z'),
    a('rel-old', 'released', '2027-01-01T00:00:00Z'),
    a('soon', 'due_soon', '2027-02-02T00:00:00Z'),
    a('open-early', 'open', '2027-02-10T00:00:00Z'),
    a('over', 'overdue', '2027-01-20T00:00:00Z'),
    a('closed', 'closed', '2027-01-05T00:00:00Z'),
    a('rel-new', 'released', '2027-02-01T00:00:00Z'),
    a('sub', 'submitted', '2027-02-01T00:00:00Z'),
  ]);
  expect(groups.map((g) => [g.key, g.items.map((x) => x.id)])).toEqual([
    ['due', ['over', 'soon', 'open-early', 'open-late']],
    ['submitted', ['sub']],
    ['released', ['rel-new', 'rel-old']],
  ]);
  expect(maySubmit({ state: 'overdue' })).toBe(true);
  expect(maySubmit({ state: 'closed' })).toBe(false);
  expect(maySubmit({ state: 'upcoming' })).toBe(false);
  expect(uploadAddress({ id: 'a 1', essay_type: 'tok' })).toBe('/dashboard/upload/tok?assignment=a%201');
});

test("the wizard's step keeps the assignment in the address", () => {
  expect(searchForStep(1, '?assignment=a1')).toBe('?assignment=a1&step=metadata');
  expect(searchForStep(0, '?assignment=a1&step=metadata')).toBe('?assignment=a1');
  expect(searchForStep(0)).toBe('');
});

const review: TeacherReview = {
  reviewer_id: 't',
  reviewer_name: 'Tara',
  criteria: [
    { criterion_id: 'A', name: 'Focus', score: 3, max_score: 6, feedback: 'Sharpen the question' },
    { criterion_id: 'B', name: 'Knowledge', score: 5, max_score: 6, ai_score: 4, feedback: '' },
  ],
  comment: 'Good start',
  passage_comments: [],
  total: 8,
  max_total: 12,
  grade: 'C',
  reviewed_at: '2027-01-01T00:00:00Z',
  released_at: '2027-01-02T00:00:00Z',
};

test("a released review's marks replace the AI's; the AI's mark stays only where the server sent it", () => {
  const summary = {
    grade: 'B',
    total: 9,
    max: 12,
    percent: 75,
    criteria: [
      { code: 'A', name: 'Focus', score: 5, maxScore: 6, feedback: 'AI A' },
      { code: 'B', name: 'Knowledge', score: 4, maxScore: 6, feedback: 'AI B' },
    ],
  };
  const t = withTeacherMarks(summary, review);
  expect([t.grade, t.total, t.max, t.percent]).toEqual(['C', 8, 12, 67]);
  expect(t.criteria.map((c) => [c.score, c.aiScore, c.feedback])).toEqual([
    [3, null, 'Sharpen the question'],
    [5, 4, 'AI B'],
  ]);
  expect(withTeacherMarks(summary, null).criteria.map((c) => c.aiScore)).toEqual([null, null]);
});

test('awaiting review and released, from the assignment link', () => {
  const link = (state: 'awaiting_review' | 'released') =>
    ({ assignment: { release: { state, released_at: null }, teacher_review: review } }) as unknown as Evaluation;
  expect(awaitingReview(link('awaiting_review'))).toBe(true);
  expect(releasedReview(link('awaiting_review'))).toBeNull();
  expect(releasedReview(link('released'))).toBe(review);
  expect(awaitingReview({ assignment: null } as Evaluation)).toBe(false);
});
