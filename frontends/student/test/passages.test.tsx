import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient, normalizeUser, type Evaluation, type RemoteAppProps } from '@corestone/sdk';
import { fold, groupPlaced, locateQuote, notesOf, placeNotes, quoteWords, segmentsOf, type FeedbackNote } from '@corestone/ui/passages';
import { criteriaOf } from '../src/lib/evaluation';
import { EssayView, ESSAY_LOAD_FAILED } from '../src/components/EssayView';
import { Report } from '../src/pages/Report';
import { Results } from '../src/pages/Results';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const note = (id: string, quote: string, extra: Partial<FeedbackNote> = {}): FeedbackNote => ({
  id,
  criterionCode: 'A',
  criterionName: 'Focus and Method',
  kind: 'strength',
  comment: `Remark ${id}`,
  quote,
  ...extra,
});
const at = (text: string, s: { start: number; end: number } | null) => (s ? text.slice(s.start, s.end) : null);

describe('finding a quoted passage in the essay', () => {
  const text = 'Intro.\n\nThe  research question\nasks how “shade” cools — a street. The research question is clear.';

  test('uses the grader offsets when the text there says the quote', () => {
    const start = text.indexOf('research question is clear');
    const span = locateQuote(text, 'research question is clear', { start, end: start + 26 });
    expect(span).toEqual({ start, end: start + 26 });
  });

  test('tolerates whitespace, typographic quotes, dashes and case; maps back to the original characters', () => {
    expect(at(text, locateQuote(text, 'The research question asks how "shade" cools - a street'))).toBe(
      'The  research question\nasks how “shade” cools — a street',
    );
    expect(at(text, locateQuote(text, '  THE RESEARCH   question asks  '))).toBe('The  research question\nasks');
    // surrounding quotation marks and the "…" of a cut quote are not part of the words
    expect(quoteWords('“research question is…”')).toBe('research question is');
    expect(at(text, locateQuote(text, '"research question is clear…"'))).toBe('research question is clear');
  });

  test('answers null for words that are not in the text, and for quotes too short to place', () => {
    expect(locateQuote(text, 'a sentence the essay never wrote')).toBeNull();
    expect(locateQuote(text, 'as')).toBeNull();
    expect(locateQuote(text, '   ')).toBeNull();
  });

  test('repeated words: the occurrence nearest the grader offsets, else the first', () => {
    const repeated = 'Data matters. Later on. Data matters. The end. Data matters.';
    const third = repeated.lastIndexOf('Data matters');
    // stale offsets (the text moved by a few characters) still pick the nearest occurrence
    expect(locateQuote(repeated, 'Data matters', { start: third - 3, end: third + 9 })).toEqual({ start: third, end: third + 12 });
    expect(locateQuote(repeated, 'data   MATTERS')).toEqual({ start: 0, end: 12 });
    const second = repeated.indexOf('Data matters', 1);
    expect(locateQuote(repeated, 'Data matters', { start: second, end: second + 12 })).toEqual({ start: second, end: second + 12 });
  });

  test('offsets past the end of the text are ignored, the words still found', () => {
    expect(at(text, locateQuote(text, 'Intro.', { start: 500, end: 506 }))).toBe('Intro.');
  });

  test('fold keeps an origin for every folded character', () => {
    const { folded, origin } = fold('a \n\tb—c', true);
    expect(folded).toBe('a b-c');
    expect(origin).toEqual([0, 1, 4, 5, 6]);
  });
});

describe('cutting the essay into highlighted stretches', () => {
  const text = 'One two three four five six seven eight nine ten.';

  test('overlapping passages share the stretch they have in common; joined, the segments are the text', () => {
    const a = note('a', 'two three four');
    const b = note('b', 'four five six', { kind: 'improvement' });
    const { placed, missing } = placeNotes(text, [a, b]);
    expect(missing).toEqual([]);
    const segments = segmentsOf(text, placed);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.map((s) => [s.text, s.notes.map((n) => n.id), s.starts.map((n) => n.id)])).toEqual([
      ['One ', [], []],
      ['two three ', ['a'], ['a']],
      ['four', ['a', 'b'], ['b']],
      [' five six', ['b'], []],
      [' seven eight nine ten.', [], []],
    ]);
  });

  test('a passage inside another, and two remarks quoting the same words', () => {
    const outer = note('outer', 'three four five six');
    const inner = note('inner', 'four five');
    const same = note('same', 'Four  five', { criterionCode: 'B', criterionName: 'Knowledge' });
    const segments = segmentsOf(text, placeNotes(text, [outer, inner, same]).placed);
    expect(segments.filter((s) => s.notes.length).map((s) => [s.text, s.notes.map((n) => n.id)])).toEqual([
      ['three ', ['outer']],
      ['four five', ['outer', 'inner', 'same']],
      [' six', ['outer']],
    ]);
    expect(segments.find((s) => s.text === 'four five')!.starts.map((n) => n.id)).toEqual(['inner', 'same']);
    // the list shows each place once, with every remark quoting it, in the order of the text
    const groups = groupPlaced(text, placeNotes(text, [same, outer, inner]).placed);
    expect(groups.map((g) => [g.quote, g.notes.map((n) => n.id)])).toEqual([
      ['three four five six', ['outer']],
      ['four five', ['same', 'inner']],
    ]);
  });

  test('passages not found are listed apart; no passage leaves one plain segment', () => {
    const { placed, missing } = placeNotes(text, [note('x', 'eleven twelve'), note('y', 'nine ten')]);
    expect(missing.map((n) => n.id)).toEqual(['x']);
    expect(placed.map((p) => at(text, p))).toEqual(['nine ten']);
    expect(segmentsOf(text, [])).toEqual([{ start: 0, end: text.length, text, notes: [], starts: [] }]);
    expect(segmentsOf('', [])).toEqual([]);
  });
});

// ------------------------------------------------------------------ the screens

const TEXT = [
  'To what extent did credit expansion cause the 1929 crash?',
  '',
  'Margin lending let investors buy shares with borrowed money. Margin lending let investors buy shares with borrowed money.',
  'The Federal Reserve raised rates in 1928, which the essay discusses only briefly.',
].join('\n');

const remark = (text: string, quote: string, start?: number) => ({
  text,
  passages: quote ? [{ start: start ?? TEXT.indexOf(quote), end: (start ?? TEXT.indexOf(quote)) + quote.length, quote }] : [],
});
const secondMargin = TEXT.lastIndexOf('Margin lending let investors');
const crit = (code: string, name: string, extra: object) => ({
  code,
  name,
  score: 4,
  maxScore: 6,
  band: 'Good',
  feedback: `Feedback on ${name}.`,
  weight: 1,
  strengths: [],
  improvements: [],
  ...extra,
});
const ev = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  extractedWordCount: 40,
  processingTime: 4,
  created_at: '2025-03-02T10:00:00Z',
  suggestions: [],
  rubric: { id: 'rb', title: 'EE', rubric_type: 'ee', scoring_structure: { total_points: 12, criteria: [] } },
  results: {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: 8,
    maxPoints: 12,
    percentage: 67,
    criteria: [
      crit('A', 'Focus and Method', {
        strengths: ['A focused question'],
        strengthDetails: [remark('A focused question', 'To what extent did credit expansion cause the 1929 crash?')],
      }),
      crit('B', 'Knowledge and Understanding', {
        improvements: ['Explain the mechanism', 'Weigh monetary policy', 'Cite the statistic'],
        improvementDetails: [
          // the second of two identical sentences
          remark('Explain the mechanism', 'Margin lending let investors buy shares with borrowed money.', secondMargin),
          remark('Weigh monetary policy', 'The Federal Reserve raised rates in 1928'),
          remark('Cite the statistic', 'a figure the essay does not contain'),
        ],
      }),
    ],
    overallSummary: { holisticCommentary: 'Solid.', nextSteps: [], strengths: [], improvements: [] },
    insight_feedback: {},
    grader: 'builtin',
  },
} as unknown as Evaluation;

const student = normalizeUser({ id: 'u1', email: 'ann@school.org', first_name: 'Ann', user_type: 'student' })!;
const route = (routes: Record<string, () => Response>) => (c: Call) => {
  const path = c.url.replace('/api/v1', '').split('?')[0]!;
  return routes[path]?.() ?? res(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' });
};
const textOk = () => res(200, { id: 'e1', text: TEXT, word_count: 40 });
const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
  });

const restores: Array<() => void> = [];
const afterTestRestore = (fn: () => void) => restores.push(fn);
afterEach(() => restores.splice(0).forEach((fn) => fn()));

function Where() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

function renderAt(path: string, handler: (c: Call) => Response) {
  localStorage.clear();
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const props: RemoteAppProps = { user: student, client, refreshUser: jest.fn(async () => student), logout: jest.fn(async () => {}) };
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/report/:id" element={<Report {...props} />} />
          <Route path="/dashboard/results/:id" element={<Results {...props} />} />
          <Route path="/essay/:id" element={<EssayView client={client} ev={ev} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

describe('the essay view', () => {
  test('notes carry the ids the feedback quotes use', () => {
    const ids = notesOf(ev).map((n) => n.id);
    expect(ids).toEqual(['c0-s0-0', 'c1-i0-0', 'c1-i1-0', 'c1-i2-0']);
    const shown = criteriaOf(ev).flatMap((c) =>
      [...c.strengthDetails, ...c.improvementDetails].flatMap((r) => r.quotes.map((q) => q.noteId)),
    );
    expect(shown.every((id) => ids.includes(id))).toBe(true);
  });

  test('highlights each quoted passage where the grader found it, says what it refers to, lists the ones not found', async () => {
    const f = renderAt('/essay/e1', route({ '/evaluation/e1/text': textOk }));
    const essay = await screen.findByTestId('essay-text');
    expect(f.calls.map((c) => c.url)).toEqual(['/api/v1/evaluation/e1/text']);
    expect(essay.textContent).toBe(TEXT);
    const marks = [...essay.querySelectorAll('mark')];
    expect(marks.map((m) => m.textContent)).toEqual([
      'To what extent did credit expansion cause the 1929 crash?',
      'Margin lending let investors buy shares with borrowed money.',
      'The Federal Reserve raised rates in 1928',
    ]);
    // the repeated sentence: the second one, as the grader's offsets say
    const margin = marks[1]!;
    expect(margin.previousSibling?.textContent?.endsWith('borrowed money. ')).toBe(true);
    // keyboard reachable, described by its criterion and remark
    expect(marks.every((m) => m.tabIndex === 0)).toBe(true);
    const described = margin.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toBe(
      'To improve, Criterion B: Knowledge and Understanding: Explain the mechanism',
    );
    // narrow screens keep the list of passages folded above the essay
    await click(screen.getByText('Feedback passages (3)'));
    expect(within(await screen.findByTestId('passages-missing')).getByText(/a figure the essay does not contain/)).toBeTruthy();
  });

  test('a highlight shows its criterion and remark on hover and focus', async () => {
    renderAt('/essay/e1', route({ '/evaluation/e1/text': textOk }));
    const essay = await screen.findByTestId('essay-text');
    const mark = essay.querySelector('mark[data-note-start~="c1-i1-0"]')!;
    await act(async () => {
      fireEvent.focus(mark);
    });
    const details = await screen.findByTestId('passage-details');
    expect(details.textContent).toContain('Criterion B: Knowledge and Understanding');
    expect(details.textContent).toContain('Weigh monetary policy');
  });

  test('choosing a passage in the feedback list goes to it in the essay (focused, outlined)', async () => {
    renderAt('/essay/e1', route({ '/evaluation/e1/text': textOk }));
    await screen.findByTestId('essay-text');
    const scrolled: Element[] = [];
    // jsdom has no layout and no scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    afterTestRestore(() => delete (Element.prototype as Partial<Element>).scrollIntoView);
    // narrow screens keep the list folded above the essay
    await click(screen.getByText('Feedback passages (3)'));
    await click(document.querySelector('[data-passage-link="c1-i0-0"]')!);
    const mark = document.querySelector('mark[data-note-start~="c1-i0-0"]')!;
    expect(scrolled).toEqual([mark]);
    expect(document.activeElement).toBe(mark);
    expect(mark.className).toContain('cs-active');
  });

  test('loading, then a plain failure message (never the route text) with Try Again', async () => {
    let calls = 0;
    renderAt(
      '/essay/e1',
      route({
        '/evaluation/e1/text': () => (++calls === 1 ? res(502, { detail: 'Route GET /evaluation/e1/text not found' }) : textOk()),
      }),
    );
    expect(screen.getByTestId('essay-loading')).toBeTruthy();
    const failed = await screen.findByTestId('essay-error');
    expect(failed.textContent).toContain(ESSAY_LOAD_FAILED);
    expect(failed.textContent).not.toContain('Route');
    await click(within(failed).getByText('Try Again'));
    expect(await screen.findByTestId('essay-text')).toBeTruthy();
  });

  test('a missing text is Evaluation Not Found', async () => {
    renderAt('/essay/e1', route({}));
    expect((await screen.findByTestId('essay-not-found')).textContent).toContain('Evaluation Not Found');
  });

  test('an empty text says there is nothing to show', async () => {
    renderAt('/essay/e1', route({ '/evaluation/e1/text': () => res(200, { id: 'e1', text: '  \n', word_count: 0 }) }));
    expect(await screen.findByTestId('essay-empty')).toBeTruthy();
  });
});

describe('the essay view in the report and from the results', () => {
  test('/report/{id}?tab=essay&passage= opens the essay tab at that passage', async () => {
    renderAt('/report/e1?tab=essay&passage=c1-i1-0', route({ '/evaluation/e1': () => res(200, ev), '/evaluation/e1/text': textOk }));
    const essay = await screen.findByTestId('essay-text');
    await waitFor(() => expect(document.activeElement).toBe(essay.querySelector('mark[data-note-start~="c1-i1-0"]')));
    expect(screen.getByTestId('report-tab-essay').textContent).toBe('Your Essay');
  });

  test('a quote in the Deep Analysis tab switches to the essay, at its passage', async () => {
    renderAt('/report/e1', route({ '/evaluation/e1': () => res(200, ev), '/evaluation/e1/text': textOk }));
    await click(await screen.findByText('Criterion B: Knowledge and Understanding'));
    const quote = await waitFor(() => document.querySelector<HTMLElement>('[data-show-passage="c1-i0-0"]')!);
    expect(quote.textContent).toContain('Margin lending let investors');
    await click(quote);
    const essay = await screen.findByTestId('essay-text');
    await waitFor(() => expect(document.activeElement).toBe(essay.querySelector('mark[data-note-start~="c1-i0-0"]')));
    expect(screen.getByTestId('location').textContent).toBe('/report/e1?tab=essay&passage=c1-i0-0');
  });

  test('the results page leads to the essay view, and each quote to its passage', async () => {
    renderAt('/dashboard/results/e1', route({ '/evaluation/e1': () => res(200, ev) }));
    await screen.findByTestId('results-completed');
    const quote = document.querySelector<HTMLElement>('[data-show-passage="c1-i1-0"]')!;
    expect(quote.tagName).toBe('BUTTON');
    expect(quote.textContent).toContain('The Federal Reserve raised rates');
    await click(quote);
    expect(screen.getByTestId('location').textContent).toBe('/report/e1?tab=essay&passage=c1-i1-0');
  });
});
