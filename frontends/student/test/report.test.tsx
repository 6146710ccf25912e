import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { ReadableStream } from 'node:stream/web';
import { createClient, normalizeUser, POLLING_TIMEOUT_MESSAGE, type Evaluation, type RemoteAppProps } from '@corestone/sdk';
import { Report } from '../src/pages/Report';
import { Results, stageIndex } from '../src/pages/Results';
import { groupByPriority, priorityOf, reportColor, reportTabs, timelineOf, topSuggestions } from '../src/lib/report';
import { criteriaOf } from '../src/lib/evaluation';
import { pdfFileName } from '../src/lib/pdf';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const student = normalizeUser({
  id: 'u1',
  email: 'ann@school.org',
  first_name: 'Ann',
  user_type: 'student',
  essay_credits: 3,
  max_essay_credits: 5,
})!;

const crit = (code: string, name: string, score: number, maxScore: number, extra: object = {}) => ({
  code,
  name,
  score,
  maxScore,
  band: 'Good',
  feedback: `Feedback on ${name}.`,
  weight: 1,
  strengths: [`${name} strength`],
  improvements: [`${name} improvement`],
  ...extra,
});

const ee = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  extractedWordCount: 3987,
  processingTime: 42.3,
  created_at: '2025-03-02T10:00:00Z',
  suggestions: [],
  rubric: {
    id: 'rb1',
    title: 'IB Extended Essay 2027',
    rubric_type: 'ee',
    scoring_structure: {
      total_points: 34,
      criteria: [
        { code: 'A', name: 'Focus and Method', maxScore: 6 },
        { code: 'B', name: 'Knowledge and Understanding', maxScore: 6 },
        { code: 'C', name: 'Critical Thinking', maxScore: 12 },
        { code: 'D', name: 'Presentation', maxScore: 4 },
        { code: 'E', name: 'Engagement', maxScore: 6 },
      ],
    },
  },
  results: {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: 22,
    maxPoints: 34,
    percentage: 65,
    // E is missing on purpose: 'Criterion data is not available'
    criteria: [
      crit('A', 'Focus and Method', 5, 6),
      crit('B', 'Knowledge and Understanding', 2, 6),
      crit('C', 'Critical Thinking', 9, 12),
      crit('D', 'Presentation', 3, 4),
    ],
    overallSummary: {
      holisticCommentary: 'A well-argued essay.',
      nextSteps: ['Deepen evaluation'],
      strengths: ['Structure'],
      improvements: ['Evaluation'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'Paragraphs link well.',
      argument_and_evidence: 'Claims are backed by data.',
      grammar_and_mechanics: 'Few errors.',
      critical_thinking: 'Weighs counter-arguments.',
      originality_and_insight: 'A fresh angle on credit.',
    },
    grader: 'builtin',
    suggestions: ['One', 'Two', 'Three', 'Four', 'Five'],
  },
} as unknown as Evaluation;

function renderAt(path: string, handler: (c: Call) => Response, prepare?: (client: ReturnType<typeof createClient>) => void) {
  localStorage.clear();
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  prepare?.(client);
  const props: RemoteAppProps = { user: student, client, refreshUser: jest.fn(async () => student), logout: jest.fn(async () => {}) };
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/report/:id" element={<Report {...props} />} />
          <Route path="/dashboard/results/:id" element={<Results {...props} />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}
const route = (routes: Record<string, () => Response>) => (c: Call) => {
  const path = c.url.replace('/api/v1', '').split('?')[0]!;
  return routes[path]?.() ?? res(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' });
};
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

describe('report rules', () => {
  test('priorities: under 3 high, 3 to under 5 medium, 5 and over maintain', () => {
    expect([0, 2.9, 3, 4.9, 5, 12].map(priorityOf)).toEqual(['high', 'high', 'medium', 'medium', 'maintain', 'maintain']);
    const g = groupByPriority(criteriaOf(ee));
    expect(g.high.map((c) => c.code)).toEqual(['B']);
    expect(g.medium.map((c) => c.code)).toEqual(['D']);
    expect(g.maintain.map((c) => c.code)).toEqual(['A', 'C']);
    expect(timelineOf(criteriaOf(ee)).map((t) => [t.weeks, t.criteria.map((c) => c.code)])).toEqual([
      ['Weeks 1-2', ['B']],
      ['Weeks 3-4', ['D']],
      ['Week 5+', ['A', 'C']],
    ]);
  });

  test('first 4 suggestions; the evaluation list when the result has none', () => {
    expect(topSuggestions(ee)).toEqual(['One', 'Two', 'Three', 'Four']);
    const noResultList = { ...ee, suggestions: ['x', 'y'], results: { ...ee.results!, suggestions: undefined } } as Evaluation;
    expect(topSuggestions(noResultList)).toEqual(['x', 'y']);
  });

  test('tab names per essay type, report colours, PDF file names', () => {
    expect(reportTabs('ee').map((t) => t.label)).toEqual([
      'Deep Analysis',
      'Research Analysis',
      'Evidence Review',
      'Writing Insights',
      'Expert Recommendations',
    ]);
    expect(reportTabs('tok').map((t) => t.label)).toEqual([
      'Deep Analysis',
      'Epistemological Analysis',
      'Example Analysis',
      'Writing Insights',
      'Expert Recommendations',
    ]);
    expect([83, 67, 50, 49].map(reportColor)).toEqual(['#16a34a', '#2563eb', '#ca8a04', '#dc2626']);
    expect(pdfFileName('report-e1.pdf', 'x')).toBe('report-e1.pdf');
    expect(pdfFileName(null, 'Causes of the 1929 Crash?')).toBe('Causes-of-the-1929-Crash.pdf');
  });

  test('stage from the server name, else from progress', () => {
    expect(stageIndex(10, 'Generating Feedback')).toBe(2);
    expect([0, 33, 66].map((p) => stageIndex(p))).toEqual([0, 1, 2]);
  });
});

describe('Deep Analysis Report screen', () => {
  test('overview open, missing criterion, tabs with EE names, recommendations and first 4 suggestions', async () => {
    renderAt('/report/e1', route({ '/evaluation/e1': () => res(200, ee) }));
    expect(await screen.findByTestId('deep-overview')).toBeTruthy();
    expect(screen.getByText('A well-argued essay.')).toBeTruthy();
    await click(screen.getByText('Criterion E: Engagement'));
    expect(await screen.findByText('Criterion data is not available')).toBeTruthy();

    await click(screen.getByTestId('report-tab-research'));
    expect(screen.getByTestId('report-tab-research').textContent).toBe('Research Analysis');
    expect(await screen.findByText('Weighs counter-arguments.')).toBeTruthy();

    await click(screen.getByTestId('report-tab-insights'));
    expect((await screen.findByTestId('writing-insights')).textContent).toContain('Paragraphs link well.');

    await click(screen.getByTestId('report-tab-recommendations'));
    expect((await screen.findByTestId('priority-high')).textContent).toContain('Criterion B');
    expect(screen.getByTestId('priority-maintain').textContent).toContain('Criterion A');
    const items = screen.getByTestId('suggestions').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(screen.getByText('Weeks 1-2')).toBeTruthy();
  });

  test('TOK names, Insights Not Available', async () => {
    const tok = { ...ee, id: 't1', essay_type: 'tok', results: { ...ee.results!, insight_feedback: {} } };
    renderAt('/report/t1', route({ '/evaluation/t1': () => res(200, tok) }));
    expect((await screen.findByTestId('report-tab-research')).textContent).toBe('Epistemological Analysis');
    expect(screen.getByTestId('report-tab-evidence').textContent).toBe('Example Analysis');
    await click(screen.getByTestId('report-tab-insights'));
    expect(await screen.findByText('Insights Not Available')).toBeTruthy();
  });

  test('missing evaluation: Evaluation Not Found', async () => {
    renderAt('/report/nope', route({}));
    expect(await screen.findByText('Evaluation Not Found')).toBeTruthy();
  });

  test('unfinished evaluation: Processing Essay', async () => {
    renderAt(
      '/report/e2',
      route({
        '/evaluation/e2': () => res(200, { ...ee, id: 'e2', status: 'processing', results: null }),
        '/evaluation/e2/events': () => res(503, {}),
      }),
    );
    expect(await screen.findByText('Processing Essay')).toBeTruthy();
  });

  test('Export PDF: a route error is never shown, the plain message is', async () => {
    renderAt(
      '/report/e1',
      route({
        '/evaluation/e1': () => res(200, ee),
        '/evaluation/e1/download-pdf': () =>
          res(404, { detail: 'Route GET /api/v1/evaluation/e1/download-pdf not found', code: 'NOT_FOUND' }),
      }),
    );
    await click(await screen.findByTestId('export-pdf'));
    expect(await screen.findByText('Failed to export the PDF report. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/Route GET/)).toBeNull();
  });
});

describe('results page additions', () => {
  test('link to the report and the writing insights', async () => {
    renderAt('/dashboard/results/e1', route({ '/evaluation/e1': () => res(200, ee) }));
    const link = await screen.findByTestId('report-link');
    expect(link.getAttribute('href')).toBe('/report/e1');
    expect(screen.getByTestId('results-insights').textContent).toContain('Claims are backed by data.');
    await click(link);
    expect(await screen.findByTestId('report')).toBeTruthy();
  });

  test('Retry failure shows the plain message, not the server route text', async () => {
    renderAt(
      '/dashboard/results/f1',
      route({
        '/evaluation/f1': () =>
          res(200, { ...ee, id: 'f1', status: 'failed', results: null, error_message: 'The file contains no readable text' }),
        '/evaluation/f1/retry': () => res(503, { detail: 'Service evaluation is unavailable', code: 'UPSTREAM_UNAVAILABLE' }),
      }),
    );
    await click(await screen.findByRole('button', { name: /Retry Evaluation/ }));
    expect(await screen.findByText('Failed to retry the evaluation. Please try again.')).toBeTruthy();
  });

  test('processing view follows the live progress events to the completed result', async () => {
    const enc = new TextEncoder();
    let push!: (s: string) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(enc.encode(s));
        end = () => c.close();
      },
    });
    let done = false;
    renderAt('/dashboard/results/p1', (c) => {
      const path = c.url.replace('/api/v1', '').split('?')[0]!;
      if (path === '/evaluation/p1')
        return res(200, done ? { ...ee, id: 'p1' } : { ...ee, id: 'p1', status: 'processing', progress: 5, results: null });
      if (path === '/evaluation/p1/events')
        return {
          ok: true,
          status: 200,
          headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'text/event-stream' : null) },
          body,
        } as unknown as Response;
      return res(404, {});
    });
    expect(await screen.findByTestId('results-processing')).toBeTruthy();
    const ev = (p: object) =>
      `event: status\ndata: ${JSON.stringify({ id: 'p1', overall_score: null, error_message: null, completed_at: null, ...p })}\n\n`;
    // waiting for its turn at the model (issue 33): the place and an estimated start, in words
    const inFour = new Date(Date.now() + 4 * 60_000 + 5_000).toISOString();
    await act(async () =>
      push(ev({ status: 'pending', progress: 5, stage: 'File Processing', queue: { ahead: 120, estimated_start_at: inFour } })),
    );
    await waitFor(() => expect(screen.getByTestId('queue-place').textContent).toBe('About 4 minutes: 120 essays ahead of yours'));
    expect(screen.getByTestId('processing-note').textContent).toContain('Grading time varies');
    await act(async () => push(ev({ status: 'processing', progress: 70, stage: 'Generating Feedback' })));
    await waitFor(() => expect(screen.getByTestId('live-progress').textContent).toContain('70%'));
    expect(screen.queryByTestId('queue-place')).toBeNull(); // its grading started: no estimate any more
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('Generating Feedback');
    done = true;
    await act(async () => {
      push(ev({ status: 'completed', progress: 100 }));
      end();
    });
    expect(await screen.findByTestId('results-completed')).toBeTruthy();
  });

  test('when polling gives up: the spec timeout message and Check Again follows again', async () => {
    let watch!: jest.SpyInstance;
    renderAt(
      '/dashboard/results/p2',
      route({ '/evaluation/p2': () => res(200, { ...ee, id: 'p2', status: 'pending', progress: 0, results: null }) }),
      (client) => {
        watch = jest.spyOn(client.evaluations, 'watch').mockRejectedValue(new Error(POLLING_TIMEOUT_MESSAGE));
      },
    );
    expect((await screen.findByTestId('progress-error')).textContent).toContain('Polling timeout: Evaluation did not complete in time');
    expect(watch).toHaveBeenCalledTimes(1);
    await click(screen.getByRole('button', { name: 'Check Again' }));
    await waitFor(() => expect(watch.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  test('the results page asks the sdk for live progress with the spec polling fallback (2 s, 60 tries)', async () => {
    let watch!: jest.SpyInstance;
    renderAt(
      '/dashboard/results/p3',
      route({ '/evaluation/p3': () => res(200, { ...ee, id: 'p3', status: 'processing', progress: 0, results: null }) }),
      (client) => {
        watch = jest.spyOn(client.evaluations, 'watch').mockReturnValue(new Promise(() => {}));
      },
    );
    await screen.findByTestId('results-processing');
    const opts = watch.mock.calls[0]![1];
    expect(opts.pollIntervalMs ?? 2000).toBe(2000);
    expect(opts.maxPolls ?? 60).toBe(60);
    expect(typeof opts.onProgress).toBe('function');
  });

  test('criterion feedback shows the essay passages it points at, highlighted', async () => {
    const withPassages = {
      ...ee,
      id: 'h1',
      results: {
        ...ee.results!,
        criteria: [
          crit('A', 'Focus and Method', 5, 6, {
            strengths: ['A clear research question'],
            strengthDetails: [
              { text: 'A clear research question', passages: [{ start: 0, end: 40, quote: 'To what extent did the 1918 pandemic' }] },
            ],
            improvements: ['Explain the method', 'Cite sources'],
            improvementDetails: [
              { text: 'Explain the method', passages: [{ start: 0, end: 40, quote: 'To what extent did the 1918 pandemic' }] }, // shown above already
              {
                text: 'Cite sources',
                passages: [
                  { start: 50, end: 57, quote: 'Introduction' },
                  { start: 60, end: 90, quote: 'as Smith argues in his history' },
                ],
              },
            ],
          }),
        ],
      },
    };
    renderAt('/dashboard/results/h1', route({ '/evaluation/h1': () => res(200, withPassages) }));
    const card = await screen.findByTestId('criterion-A');
    const marks = card.querySelectorAll('mark');
    // once per criterion, at least three words
    expect([...marks].map((m) => m.textContent)).toEqual(['“To what extent did the 1918 pandemic”', '“as Smith argues in his history”']);
    expect(card.textContent).toContain('Explain the method');
  });
});
