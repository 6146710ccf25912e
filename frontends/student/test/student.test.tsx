import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, normalizeUser } from '@corestone/sdk';
import { validateMetadata } from '../src/pages/UploadWizard';
import { checkFile, submitFailureText } from '../src/lib/upload';
import { res, type Call } from '../../test-support/helpers';
import { renderDashboard } from './render-dashboard';
import { student } from './fixtures';

// Every dashboard screen but the overview is a lazy chunk of DashboardApp: load their modules before
// the tests (a browser fetches each chunk once too), so the waits below time the screens, not a first module load.
beforeAll(() =>
  Promise.all([
    import('../src/pages/Submissions'),
    import('../src/pages/UploadWizard'),
    import('../src/pages/Results'),
    import('../src/pages/Profile'),
    import('../src/pages/Plans'),
  ]),
);

const rubric = {
  id: 'rb1',
  title: 'IB Extended Essay 2027',
  rubric_type: 'ee',
  status: 'active',
  scoring_structure: { total_points: 34, criteria: [] },
};

const completed = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  extractedWordCount: 3987,
  processingTime: 42.3,
  created_at: '2025-03-02T10:00:00Z',
  rubric: { id: 'rb1', title: 'IB Extended Essay 2027' },
  results: {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: 25,
    maxPoints: 34,
    percentage: 74,
    criteria: [
      {
        code: 'A',
        name: 'Focus and Method',
        score: 5,
        maxScore: 6,
        band: 'Good',
        feedback: 'Focused research question.',
        weight: 1,
        strengths: [],
        improvements: [],
      },
      {
        code: 'C',
        name: 'Critical Thinking',
        score: 9,
        maxScore: 12,
        band: 'Good',
        feedback: 'Convincing analysis.',
        weight: 1,
        strengths: ['Depth'],
        improvements: ['Evaluate sources'],
      },
      // legacy spelling: grade / maxGrade / comment
      { code: 'D', name: 'Presentation', grade: 3, maxGrade: 4, band: 'Good', comment: 'Clear structure.' },
    ],
    overallSummary: {
      holisticCommentary: 'A well-argued essay.',
      nextSteps: ['Deepen evaluation'],
      strengths: ['Structure'],
      improvements: ['Evaluation'],
    },
    insight_feedback: {},
    grader: 'builtin',
  },
};

const setup = (path: string, handler: (c: Call) => Response, user = student) => renderDashboard(path, handler, user);

const api = (routes: Record<string, unknown>) => (c: Call) => {
  const path = c.url.replace('/api/v1', '').split('?')[0]!;
  if (path === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (path in routes) return res(200, routes[path]);
  return res(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' });
};

const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

describe('upload wizard', () => {
  test('Continue without a file says "Please upload a file"; bad files are refused', async () => {
    setup('/dashboard/upload/ee', api({ '/rubrics/active': [rubric] }));
    expect(await screen.findByText('Upload Extended Essay')).toBeTruthy();
    expect(screen.getByTestId('credit-banner').textContent).toContain('3 essay credits available');
    await click(screen.getByRole('button', { name: 'Continue' }));
    // the 'Validation Error' toast, and the same words under the dropzone
    expect(await screen.findByText('Please upload a file', { selector: '.ant-notification *' })).toBeTruthy();
    expect(screen.getByText('Please upload a file', { selector: '#upload-file-error' })).toBeTruthy();

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'essay.exe')] } });
    });
    expect(await screen.findByText('Only .txt, .docx, .pdf files are allowed')).toBeTruthy();

    const input2 = document.querySelector('input[type=file]') as HTMLInputElement; // rc-upload remounts its input
    await act(async () => {
      fireEvent.change(input2, { target: { files: [new File(['An essay about markets.'], 'Essay.TXT', { type: 'text/plain' })] } });
    });
    expect(await screen.findByText('Essay.TXT')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('step-metadata')).toBeTruthy();
    // the single active rubric is listed (and preselected); EE needs a subject before Review & Submit
    expect(await screen.findByText('IB Extended Essay 2027')).toBeTruthy();
    // the title stops at the server's bound instead of failing at submit
    expect((document.getElementById('meta-title') as HTMLInputElement).maxLength).toBe(500);
    await click(screen.getByRole('button', { name: 'Review & Submit' }));
    expect(await screen.findByText('Please select a subject category', { selector: '.ant-notification *' })).toBeTruthy();
    expect(screen.getByText('Please select a subject category', { selector: '#meta-category-error' })).toBeTruthy();
  });

  test('empty rubric list message for the essay type', async () => {
    setup('/dashboard/upload/tok', api({ '/rubrics/active': [] }));
    // the wizard is a lazy chunk: wait until its file input is there
    const input = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('input[type=file]');
      if (!el) throw new Error('no file input yet');
      return el;
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'tok.docx')] } });
    });
    await click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No active rubrics available for tok')).toBeTruthy();
    expect(screen.getByText('TOK essays should be about 1,600 words.', { selector: '.ant-alert *' })).toBeTruthy();
  });

  test('metadata rules: rubric, EE subject and research question, TOK prescribed title', () => {
    const ee = { title: '', category: 'Sciences', subject: 'Physics', researchQuestion: 'How…?', citationStyle: '', additionalContext: '' };
    const tok = { title: '', prescribedTitle: 'Title 1: Is certainty overrated?', aokFocus: [], additionalContext: '' };
    expect(validateMetadata('ee', ee, tok, '')).toBe('Please select a rubric');
    expect(validateMetadata('ee', { ...ee, researchQuestion: ' ' }, tok, 'r')).toBe('Please enter your research question');
    expect(validateMetadata('ee', ee, tok, 'r')).toBeNull();
    expect(validateMetadata('tok', ee, { ...tok, prescribedTitle: '' }, 'r')).toBe('Please select a prescribed title');
    expect(validateMetadata('tok', ee, tok, '')).toBe('Please select a rubric');
  });

  test('file checks and submit failure texts', () => {
    expect(checkFile({ name: 'a.PDF', size: 20 * 1024 * 1024 + 1 })).toBe('File size must be less than 20MB');
    expect(checkFile({ name: 'a.docx', size: 10 })).toBeNull();
    expect(submitFailureText(Object.assign(new Error('Forbidden'), { status: 403 }))).toBe(
      'You have no essay credits remaining. Please purchase more credits to continue.',
    );
    expect(submitFailureText(new Error('Insufficient essay credits'))).toBe(
      'You have no essay credits remaining. Please purchase more credits to continue.',
    );
    expect(submitFailureText(new Error('The file contains no readable text'))).toBe('The file contains no readable text');
    expect(submitFailureText(undefined)).toBe('Failed to submit essay. Please try again.');
    // a route error or a server fault never reaches a person
    expect(submitFailureText(new ApiError(404, 'Route POST /api/v1/evaluation/evaluate-async not found', 'NOT_FOUND'))).toBe(
      'Failed to submit essay. Please try again.',
    );
    expect(submitFailureText(new ApiError(503, 'Service evaluation is unavailable (credit check)', 'UPSTREAM_UNAVAILABLE'))).toBe(
      'Failed to submit essay. Please try again.',
    );
    // billing did not answer: the server's own words (the essay is kept; no need to submit again)
    const kept = 'Billing is not answering right now. Your essay is saved and will be graded as soon as your credit is confirmed.';
    expect(submitFailureText(new ApiError(503, kept, 'CREDIT_UNCONFIRMED'))).toBe(kept);
    const waiting = 'This essay is already submitted and waiting for its credit to be confirmed.';
    expect(submitFailureText(new ApiError(409, waiting, 'SUBMISSION_AWAITING_CREDIT'))).toBe(waiting);
    const grading = 'This essay is already being evaluated; its result will appear in your submissions shortly.';
    expect(submitFailureText(new ApiError(409, grading, 'SUBMISSION_IN_PROGRESS'))).toBe(grading);
  });
});

describe('results', () => {
  test('completed evaluation: overall grade, points, word count, processing time, criteria cards, summary', async () => {
    setup('/dashboard/results/e1', api({ '/evaluation/e1': completed }));
    expect((await screen.findByTestId('overall-grade')).textContent).toBe('B');
    expect(screen.getByTestId('total-points').textContent).toBe('25 / 34');
    expect(screen.getByText('3,987')).toBeTruthy();
    expect(screen.getByText('42.3 s')).toBeTruthy();
    const a = screen.getByTestId('criterion-A');
    expect(a.textContent).toContain('Focus and Method');
    expect(a.textContent).toContain('5 / 6');
    expect(a.textContent).toContain('Focused research question.');
    expect(screen.getByTestId('criterion-C').textContent).toContain('Evaluate sources');
    expect(screen.getByTestId('criterion-D').textContent).toContain('Clear structure.');
    expect(screen.getByTestId('criterion-D').querySelector('[data-testid=criterion-score]')!.textContent).toBe('3');
    expect(screen.getByTestId('assessment-summary').textContent).toContain('A well-argued essay.');
    expect(screen.getByTestId('assessment-summary').textContent).toContain('Deepen evaluation');
  });

  test('unknown id shows Submission Not Found', async () => {
    setup('/dashboard/results/nope', api({}));
    expect(await screen.findByText('Submission Not Found')).toBeTruthy();
    expect(screen.getByText('The requested submission could not be found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeTruthy();
  });

  test('in-progress evaluation shows the three processing stages', async () => {
    setup(
      '/dashboard/results/e2',
      api({ '/evaluation/e2': { ...completed, id: 'e2', status: 'processing', results: null, progress: 10 } }),
    );
    expect(await screen.findByTestId('results-processing')).toBeTruthy();
    for (const s of ['File Processing', 'Content Analysis', 'Generating Feedback']) expect(screen.getByText(s)).toBeTruthy();
  });
});

describe('dashboard overview', () => {
  test('credits, stats and recent submissions; no-credit warning', async () => {
    const list = {
      evaluations: [
        completed,
        { ...completed, id: 'e2', status: 'pending', results: null },
        { ...completed, id: 'e3', status: 'failed', results: null },
        { ...completed, id: 'e4' },
      ],
      total: 4,
    };
    setup('/dashboard', api({ '/evaluation/my-evaluations': list }));
    expect((await screen.findByTestId('credits-value')).textContent).toBe('3 / 5');
    await waitFor(() => expect(screen.getByTestId('stat-total-submissions').textContent).toContain('4'));
    expect(screen.getByTestId('stat-completed').textContent).toContain('2');
    expect(screen.getByTestId('stat-processing').textContent).toContain('1');
    expect(screen.getByTestId('stat-average-grade').textContent).toContain('B');
    expect(screen.getAllByText('Causes of the 1929 Crash')).toHaveLength(3);
    expect(screen.getByText('View All')).toBeTruthy();
    expect(screen.queryByText('No credits remaining. Purchase a plan to continue submitting essays.')).toBeNull();
  });

  test.each([
    ['a newcomer (no submissions yet)', [], 'Welcome, Ann!'],
    ['a returning student', [completed], 'Welcome back, Ann!'],
  ])('greets %s once the submissions have answered, unseen until then', async (_who, evaluations, greeting) => {
    let answer!: () => void;
    setup('/dashboard', (c) =>
      c.url.includes('/evaluation/my-evaluations')
        ? (new Promise<Response>((r) => (answer = () => r(res(200, { evaluations, total: evaluations.length })))) as never)
        : api({})(c),
    );
    const welcome = await screen.findByTestId('welcome');
    expect(welcome.style.visibility).toBe('hidden'); // no greeting to be replaced by the other one
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer());
    await waitFor(() => expect(screen.getByTestId('welcome').style.visibility).toBe(''));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(greeting);
  });

  test('a student without credits sees the warning', async () => {
    const broke = normalizeUser({ id: 'u2', user_type: 'student', essay_credits: 0, max_essay_credits: 1 })!;
    setup('/dashboard', api({ '/evaluation/my-evaluations': { evaluations: [], total: 0 } }), broke);
    expect(await screen.findByText('No credits remaining. Purchase a plan to continue submitting essays.')).toBeTruthy();
    expect(screen.getByTestId('credits-value').textContent).toBe('0 / 1');
  });
});
