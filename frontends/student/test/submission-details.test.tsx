/**
 * Issue 28 §4: the wizard sends what the student stated (optional fields beside the spec's payload),
 * and the result page shows it, the grader that produced the result and whether reflection was graded.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { normalizeUser } from '@corestone/sdk';
import { res, type Call } from '../../test-support/helpers';
import { act$, choose, field } from '../../test-support/interact';
import { renderDashboard } from './render-dashboard';
import { chooseEssayFile, criterion, wizardLookup } from './fixtures';
import { EMPTY_EE, EMPTY_TOK, statedDetails } from '../src/lib/uploadMetadata';
import { graderInfo } from '../src/lib/grader';

beforeAll(() => Promise.all([import('../src/pages/UploadWizard'), import('../src/pages/Results')]));

const student = normalizeUser({ id: 'u1', email: 'ann@school.org', first_name: 'Ann', user_type: 'student', essay_credits: 3 })!;
const RQ = 'To what extent did margin buying cause the 1929 crash?';

const evaluation = (over: Record<string, unknown> = {}, results: Record<string, unknown> = {}) => ({
  id: 'e9',
  title: 'Markets and the 1929 crash',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  approval_status: 'pending_review',
  extractedWordCount: 3500,
  created_at: '2026-03-02T10:00:00Z',
  rubric: {
    id: 'rb2',
    title: 'IB Extended Essay 2027',
    rubric_type: 'ee',
    scoring_structure: {
      total_points: 30,
      criteria: [
        { code: 'A', name: 'Framework for the essay' },
        { code: 'E', name: 'Reflection' },
      ],
    },
  },
  submission_details: { research_question: RQ, citation_style: 'MLA', additional_context: 'Supervisor: focus on 1928–29.' },
  results: {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: 20,
    maxPoints: 30,
    percentage: 67,
    criteria: [criterion('A', 'Framework for the essay', 4, 6), criterion('E', 'Reflection', 3, 4)],
    overallSummary: { holisticCommentary: 'Good.', nextSteps: [], strengths: [], improvements: [] },
    insight_feedback: {},
    grader: 'builtin',
    ...results,
  },
  ...over,
});

const api =
  (ev: unknown) =>
  (c: Call): Response => {
    const path = c.url.replace('/api/v1', '').split('?')[0]!;
    const lookup = wizardLookup(path, 'rb2', 30);
    if (lookup) return lookup;
    if (path === '/evaluation/evaluate-async') return res(201, ev);
    if (path === '/evaluation/e9') return res(200, ev);
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  };

describe('the upload wizard sends what the student stated', () => {
  test('EE: research question, citation style and context travel beside the spec’s fields', async () => {
    const { calls } = renderDashboard('/dashboard/upload/ee', api(evaluation()), student);
    await chooseEssayFile();
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await screen.findByText('IB Extended Essay 2027');
    await act$(() => fireEvent.change(field('meta-title'), { target: { value: 'Markets and the 1929 crash' } }));
    await choose('meta-category', 'Individuals and Societies');
    await choose('meta-subject', 'Economics');
    await act$(() => fireEvent.change(field('meta-rq'), { target: { value: `  ${RQ} ` } }));
    await choose('meta-citation', 'MLA');
    await act$(() => fireEvent.change(field('meta-context'), { target: { value: 'Supervisor: focus on 1928–29.' } }));
    await act$(() => fireEvent.click(screen.getByTestId('rubric-rb2')));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Review & Submit' })));
    const submitButton = await screen.findByRole('button', { name: 'Submit for Evaluation' });
    await act$(() => fireEvent.click(submitButton));

    const submit = await waitFor(() => {
      const c = calls.find((x) => x.url.includes('/evaluation/evaluate-async'));
      if (!c) throw new Error('not submitted yet');
      return c;
    });
    const sent = Object.fromEntries([...(submit.body as FormData).entries()].filter(([k]) => k !== 'file'));
    expect(sent).toEqual({
      title: 'Markets and the 1929 crash',
      essay_type: 'ee',
      rubric_id: 'rb2',
      subject_area: 'Economics',
      research_question: RQ,
      citation_style: 'MLA',
      additional_context: 'Supervisor: focus on 1928–29.',
      include_reflection: 'true',
    });
    // and the result it lands on shows them
    expect((await screen.findByTestId('stated-research_question')).textContent).toContain(RQ);
  });

  test('TOK: the prescribed title and the areas of knowledge; blank fields are not sent', () => {
    expect(
      statedDetails('tok', EMPTY_EE, {
        ...EMPTY_TOK,
        prescribedTitle: 'Title 2: Is certainty possible?',
        aokFocus: ['History', 'The Arts'],
      }),
    ).toEqual({ prescribed_title: 'Title 2: Is certainty possible?', aok_focus: 'History, The Arts' });
    expect(statedDetails('ee', { ...EMPTY_EE, researchQuestion: '  ', citationStyle: 'APA' }, EMPTY_TOK)).toEqual({
      citation_style: 'APA',
    });
  });
});

describe('the result says what it was graded against and by whom', () => {
  test('the built-in grader, the stated research question, style and context, and the reflection criterion', async () => {
    renderDashboard('/dashboard/results/e9', api(evaluation()), student);
    const facts = await screen.findByTestId('submission-facts');
    expect(within(facts).getByTestId('graded-by').textContent).toContain('Built-in text analysis');
    expect(within(facts).getByTestId('stated-research_question').textContent).toContain(RQ);
    expect(within(facts).getByTestId('stated-citation_style').textContent).toContain('MLA');
    expect(within(facts).getByTestId('stated-additional_context').textContent).toContain('Supervisor: focus on 1928–29.');
    expect(within(facts).queryByTestId('stated-prescribed_title')).toBeNull();
    expect(within(facts).getByTestId('reflection-note').textContent).toContain('Graded: criterion E (Reflection)');
  });

  test('the AI model with its name, and a fallback with its reason', async () => {
    renderDashboard('/dashboard/results/e9', api(evaluation({}, { grader: 'openai', model: 'gpt-4o-mini' })), student);
    expect((await screen.findByTestId('graded-by')).textContent).toContain('AI model (gpt-4o-mini)');
    expect(graderInfo({ grader: 'builtin-fallback', fallbackReason: 'AI assessment timeout' })).toEqual({
      label: 'Built-in text analysis (the AI model could not grade this essay)',
      note: expect.stringMatching(/^AI assessment timeout\. Marks come from an analysis/),
    });
    expect(graderInfo({ grader: 'spec-local' }).label).toBe('Basic rule-based scoring');
  });

  test('a TOK result shows the prescribed title and areas of knowledge, and no reflection line without such a criterion', async () => {
    const tok = evaluation({
      essay_type: 'tok',
      rubric: {
        id: 'rt',
        title: 'TOK',
        rubric_type: 'tok',
        scoring_structure: { total_points: 10, criteria: [{ code: 'A', name: 'TOK essay' }] },
      },
      submission_details: { prescribed_title: 'Title 2: Is certainty possible?', aok_focus: 'History, The Arts' },
    });
    renderDashboard('/dashboard/results/e9', api(tok), student);
    const facts = await screen.findByTestId('submission-facts');
    expect(within(facts).getByTestId('stated-prescribed_title').textContent).toContain('Title 2: Is certainty possible?');
    expect(within(facts).getByTestId('stated-aok_focus').textContent).toContain('History, The Arts');
    expect(within(facts).queryByTestId('reflection-note')).toBeNull();
  });
});
