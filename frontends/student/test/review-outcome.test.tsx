/**
 * Issue 28: the review outcome on the results page and in My Submissions (status, the reviewer's
 * feedback for the student with its date, notes shown to the student), and an admin-edited score
 * shown on the rubric's scale in agreement with the criterion cards.
 */
import { screen, within } from '@testing-library/react';
import type { ReviewOutcome } from '@corestone/sdk';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import { res, type Call } from '../../test-support/helpers';
import { renderDashboard } from './render-dashboard';
import { criterion, student } from './fixtures';
import { formatDate } from '../src/lib/evaluation';

beforeAll(() => Promise.all([import('../src/pages/Submissions'), import('../src/pages/Results')]));

/** A criterion named after its code (the cards show the name). */
const named = (code: string, score: number, maxScore: number) => criterion(code, `Criterion ${code} name`, score, maxScore);

/** An evaluation as GET /evaluation/{id} answers a student after an admin saved results and approved. */
const reviewed = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  approval_status: 'approved',
  overall_score: 28,
  extractedWordCount: 3987,
  processingTime: 42.3,
  created_at: '2026-03-02T10:00:00Z',
  rubric: { id: 'rb1', title: 'IB Extended Essay 2027', scoring_structure: { total_points: 34 } },
  review: {
    status: 'approved',
    decided_at: '2026-03-05T09:00:00Z',
    feedback: 'A convincing argument. Tighten the conclusion.',
    feedback_at: '2026-03-04T16:30:00Z',
    notes: 'Well done on the sources.',
  } satisfies ReviewOutcome,
  results: {
    overallGrade: 'A',
    overallBand: 'Excellent',
    totalPoints: 28,
    maxPoints: 34,
    percentage: 82.4,
    criteria: [named('A', 5, 6), named('B', 5, 6), named('C', 10, 12), named('D', 4, 6), named('E', 4, 4)],
    overallSummary: { holisticCommentary: 'Good.', nextSteps: [], strengths: [], improvements: [] },
    insight_feedback: {},
    grader: 'builtin',
  },
};

const api = (routes: Record<string, unknown>) => (c: Call) => {
  const path = c.url.replace('/api/v1', '').split('?')[0]!;
  if (path === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (path in routes) return res(200, routes[path]);
  return res(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' });
};

describe('results page: the review', () => {
  test('status, decision date, feedback for the student with its date and the notes shown to the student', async () => {
    renderDashboard('/dashboard/results/e1', api({ '/evaluation/e1': reviewed }), student);
    const card = await screen.findByTestId('review-outcome');
    expect(card.textContent).toContain(ReviewTexts.HEADING);
    expect(within(card).getByTestId('review-status').textContent).toBe('Approved');
    expect(within(card).getByTestId('review-decided-at').textContent).toBe(formatDate('2026-03-05T09:00:00Z'));
    const feedback = within(card).getByTestId('review-feedback');
    expect(feedback.textContent).toContain(ReviewTexts.FEEDBACK_LABEL);
    expect(feedback.textContent).toContain('A convincing argument. Tighten the conclusion.');
    expect(within(card).getByTestId('review-feedback-date').textContent).toBe(formatDate('2026-03-04T16:30:00Z'));
    expect(within(card).getByTestId('review-notes').textContent).toContain('Well done on the sources.');
  });

  test('not reviewed yet: "Pending review" and the hint', async () => {
    const { review: _r, ...unreviewed } = reviewed;
    renderDashboard('/dashboard/results/e1', api({ '/evaluation/e1': { ...unreviewed, approval_status: 'pending_review' } }), student);
    const card = await screen.findByTestId('review-outcome');
    expect(within(card).getByTestId('review-status').textContent).toBe('Pending review');
    expect(within(card).getByTestId('review-none').textContent).toBe(ReviewTexts.PENDING_HINT);
  });

  test('a rejection with no feedback for the student names the decision and its date', async () => {
    const review = { status: 'rejected', decided_at: '2026-03-05T09:00:00Z', feedback: null, feedback_at: null, notes: null };
    renderDashboard('/dashboard/results/e1', api({ '/evaluation/e1': { ...reviewed, review } }), student);
    const card = await screen.findByTestId('review-outcome');
    expect(within(card).getByTestId('review-status').textContent).toBe('Rejected');
    expect(within(card).getByTestId('review-none').textContent).toBe(`Rejected on ${formatDate('2026-03-05T09:00:00Z')}.`);
    expect(within(card).queryByTestId('review-feedback')).toBeNull();
  });

  test('an admin-edited score is shown on the rubric scale and agrees with the criterion cards', async () => {
    renderDashboard('/dashboard/results/e1', api({ '/evaluation/e1': reviewed }), student);
    const total = (await screen.findByTestId('total-points')).textContent!;
    expect(total).toBe('28 / 34');
    const cards = screen.getAllByTestId(/^criterion-[A-E]$/);
    const scores = cards.map((c) => Number(c.querySelector('[data-testid=criterion-score]')!.textContent));
    const maxima = cards.map((c) => Number(/\/\s*([\d.]+)/.exec(c.textContent!)![1]));
    expect(`${scores.reduce((a, b) => a + b, 0)} / ${maxima.reduce((a, b) => a + b, 0)}`).toBe(total);
  });
});

describe('My Submissions: the review of each', () => {
  const row = (id: string, title: string, review: ReviewOutcome | undefined) => ({
    ...reviewed,
    id,
    title,
    results: { overallGrade: 'A', overallBand: 'Excellent', totalPoints: 28, maxPoints: 34, percentage: 82.4, grader: 'builtin' },
    review,
  });

  test('status and the start of the feedback with its date; a link when the row carries only its start', async () => {
    const long = {
      ...reviewed.review,
      status: 'rejected' as const,
      notes: null,
      feedback: 'Rework section 3. '.repeat(60),
      feedback_truncated: true,
    };
    const list = {
      evaluations: [
        row('e1', 'Approved essay', { ...reviewed.review, feedback_truncated: false }),
        row('e2', 'Rejected essay', long),
        row('e3', 'Waiting essay', undefined),
      ],
      total: 3,
    };
    renderDashboard('/dashboard/submissions', api({ '/evaluation/my-evaluations': list }), student);
    const summaries = await screen.findAllByTestId('review-summary');
    expect(summaries).toHaveLength(3);
    const [approved, rejected, waiting] = summaries;
    expect(within(approved).getByTestId('review-status').textContent).toBe('Approved');
    expect(within(approved).getByTestId('review-summary-text').textContent).toContain('A convincing argument.');
    expect(approved.textContent).toContain(formatDate('2026-03-04T16:30:00Z'));
    expect(within(approved).queryByText(ReviewTexts.READ_MORE)).toBeNull();
    expect(within(rejected).getByTestId('review-status').textContent).toBe('Rejected');
    expect(within(rejected).getByText(ReviewTexts.READ_MORE).closest('a')!.getAttribute('href')).toBe('/results/e2');
    expect(within(waiting).getByTestId('review-status').textContent).toBe('Pending review');
    expect(within(waiting).queryByTestId('review-summary-text')).toBeNull();
  });
});
