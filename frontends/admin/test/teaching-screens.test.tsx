// antd under jsdom is slow; see screens.test.tsx
jest.setTimeout(90000);

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale, type Assignment, type AssignmentSubmission, type Evaluation, type Gradebook } from '@corestone/sdk';
import AdminApp from '../src/exposes/AdminApp';
import { renderRemote } from '../../test-support/remote';
import { res, type Call } from '../../test-support/helpers';
import { classStudent, schoolTeacher, submissionCell } from './fixtures';

beforeAll(() => Promise.all([import('../src/pages/Classes'), import('../src/pages/Review')]));

const teacher = schoolTeacher;

const assignment: Assignment = {
  id: 'a1',
  class_id: 'c1',
  school_id: 'sch1',
  class_name: 'History HL',
  title: 'EE final',
  instructions: '',
  essay_type: 'ee',
  rubric_id: 'r1',
  kind: 'final',
  opens_at: null,
  due_at: '2027-07-10T16:00:00.000Z',
  time_zone: 'Europe/London',
  allow_late: true,
  release_mode: 'after_review',
  show_ai_marks: false,
  created_by: 'u-t',
  archived_at: null,
  created_at: '2027-07-01T00:00:00.000Z',
  updated_at: '2027-07-01T00:00:00.000Z',
};
const student = classStudent;
const cell = (n: string, over: Partial<AssignmentSubmission>) => submissionCell(student(n), over);
const gradebook: Gradebook = {
  class_id: 'c1',
  class_name: 'History HL',
  assignments: [assignment],
  students: ['Ana', 'Ben', 'Cai'].map(student),
  cells: [
    cell('Ana', {
      state: 'needs_review',
      evaluation_id: 'e1',
      attempts: 2,
      total: 20,
      max_total: 34,
      needs_review: [{ code: 'near_grade_boundary', detail: 'Total 20/34 is one point from grade B (21)' }],
    }),
    cell('Ben', { state: 'graded', evaluation_id: 'e2', attempts: 1, total: 25, max_total: 34 }),
    cell('Cai', { state: 'graded', evaluation_id: 'e3', attempts: 1, late: true, total: 12, max_total: 34 }),
  ],
};
const TEXT = 'The pandemic changed policy. Cities built health boards.';
const evaluation = {
  id: 'e1',
  title: 'Pandemic',
  user_name: 'Ana',
  profiles: { full_name: 'Ana', email: 'ana@school.org' },
  status: 'completed',
  rubric: { scoring_structure: { criteria: [] } },
  results: {
    totalPoints: 9,
    maxPoints: 12,
    overallGrade: 'B',
    grader: 'builtin',
    criteria: [
      {
        code: 'A',
        name: 'Focus',
        score: 5,
        maxScore: 6,
        feedback: 'AI on A',
        strengthDetails: [{ text: 'Clear claim', passages: [{ start: 0, end: 27, quote: 'The pandemic changed policy' }] }],
      },
      { code: 'B', name: 'Knowledge', score: 4, maxScore: 6, feedback: 'AI on B' },
    ],
  },
  assignment: {
    assignment_id: 'a1',
    title: 'EE final',
    class_id: 'c1',
    class_name: 'History HL',
    kind: 'final',
    release_mode: 'after_review',
    late: false,
    release: { state: 'awaiting_review', released_at: null },
    teacher_review: null,
    needs_review: [{ code: 'near_grade_boundary', detail: 'Total 20/34 is one point from grade B (21)' }],
  },
} as unknown as Evaluation;

function handler(calls: { review?: unknown; released?: boolean } = {}) {
  return (c: Call): Response => {
    const path = new URL(c.url, 'http://x').pathname;
    if (path.endsWith('/health')) return res(200, { status: 'ok', services: {}, not_ready: [] });
    if (path === '/api/v1/schools/mine')
      return res(200, {
        school: { id: 'sch1', name: 'Riverside IB', time_zone: 'Europe/London' },
        school_role: 'teacher',
        status: 'active',
        awaiting: null,
        classes: [],
      });
    if (path === '/api/v1/classes/c1/gradebook') return res(200, gradebook);
    if (path === '/api/v1/classes/c9/gradebook') return res(404, { detail: 'Class not found', code: 'CLASS_NOT_FOUND' });
    if (path === '/api/v1/evaluation/e1') return res(200, evaluation);
    if (path === '/api/v1/evaluation/e1/text') return res(200, { text: TEXT });
    if (path === '/api/v1/evaluation/e1/review' && c.method === 'PUT') {
      calls.review = c.body;
      return res(200, evaluation);
    }
    if (path === '/api/v1/evaluation/e1/release' && c.method === 'POST') {
      calls.released = true;
      return res(200, evaluation);
    }
    return res(404, { detail: `no route ${c.method} ${path}`, code: 'NOT_FOUND' });
  };
}

test('gradebook: a cell per student with state, score, lateness and attempts; the search filters the rows', async () => {
  renderRemote(AdminApp, '/admin/*', { path: '/admin/classes/c1/gradebook', handler: handler(), user: teacher });
  const book = await screen.findByTestId('gradebook');
  await within(book).findByText('Needs review');
  expect(within(book).getByText('2 attempts')).toBeTruthy();
  expect(within(book).getByText('Late')).toBeTruthy();
  expect(within(book).getByText('20 / 34')).toBeTruthy();
  expect(
    within(book)
      .getByRole('link', { name: /^Review Ana: / })
      .getAttribute('href'),
  ).toBe('/admin/review/e1');
  // each assignment's column offers its marks as CSV
  expect(within(book).getByRole('button', { name: 'Export CSV of EE final' })).toBeTruthy();
  const rows = () => book.querySelectorAll('tbody tr.ant-table-row');
  expect(rows()).toHaveLength(3);
  fireEvent.change(within(book).getByLabelText('Search students'), { target: { value: 'cai' } });
  await waitFor(() => expect(rows()).toHaveLength(1));
});

test('a class that is not the teacher’s: not found', async () => {
  renderRemote(AdminApp, '/admin/*', { path: '/admin/classes/c9', handler: handler(), user: teacher });
  await screen.findByText('Class not found');
});

test('review: marks start from the AI, a mark over the maximum is said, Release saves the review first and releases', async () => {
  const calls: { review?: unknown; released?: boolean } = {};
  renderRemote(AdminApp, '/admin/*', { path: '/admin/review/e1', handler: handler(calls), user: teacher });
  const form = await screen.findByTestId('review-form');
  await screen.findByTestId('review-essay-text');
  expect(screen.getByTestId('needs-review').textContent).toContain('one point from grade B');
  // the grader's passage is pinned in the text
  expect(screen.getByTestId('review-essay-text').querySelector('mark.cs-strength')?.textContent).toBe('The pandemic changed policy');
  const markA = within(form).getByLabelText('Mark for Focus') as HTMLInputElement;
  expect(markA.value).toBe('5');
  fireEvent.change(markA, { target: { value: '7' } });
  await within(form).findByText('Focus: the mark can be at most 6.');
  expect((within(form).getByRole('button', { name: /Release$/ }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(markA, { target: { value: '3' } });
  await waitFor(() => expect(within(form).queryByText('Focus: the mark can be at most 6.')).toBeNull());
  fireEvent.change(within(form).getByLabelText('Overall comment'), { target: { value: 'Well argued' } });
  fireEvent.click(within(form).getByRole('button', { name: /Release$/ }));
  await waitFor(() => expect(calls.released).toBe(true));
  expect(calls.review).toEqual({
    criteria: [
      { criterion_id: 'A', name: 'Focus', score: 3, feedback: 'AI on A' },
      { criterion_id: 'B', name: 'Knowledge', score: 4, feedback: 'AI on B' },
    ],
    comment: 'Well argued',
    passage_comments: [],
  });
});

describe('in French and Spanish (issue 36)', () => {
  afterEach(() => act(() => setLocale('en')));

  test('a class’s gradebook in French: states, attempts, filters and the class heading', async () => {
    act(() => setLocale('fr'));
    renderRemote(AdminApp, '/admin/*', { path: '/admin/classes/c1/gradebook', handler: handler(), user: teacher });
    const book = await screen.findByTestId('gradebook');
    await within(book).findByText('À vérifier');
    expect(within(book).getByText('2 tentatives')).toBeTruthy();
    expect(within(book).getByText('En retard')).toBeTruthy();
    expect(within(book).getByLabelText('Rechercher un élève')).toBeTruthy();
    expect(within(book).getByRole('button', { name: 'Exporter EE final en CSV' })).toBeTruthy();
    expect(screen.getByText('3 élèves · heures de Europe/London')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Carnet de notes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nouveau devoir/ })).toBeTruthy();
    expect(screen.queryByText('Needs review')).toBeNull();
  });

  test('the review screen in Spanish: marks, a mark over the maximum, the actions', async () => {
    act(() => setLocale('es'));
    renderRemote(AdminApp, '/admin/*', { path: '/admin/review/e1', handler: handler(), user: teacher });
    const form = await screen.findByTestId('review-form');
    await within(form).findByText('Notas');
    expect(screen.getByTestId('review-state').textContent).toBe('Pendiente de tu revisión');
    const markA = within(form).getByLabelText('Nota de Focus') as HTMLInputElement;
    fireEvent.change(markA, { target: { value: '7' } });
    await within(form).findByText('Focus: la nota no puede superar 6.');
    expect(within(form).getByRole('button', { name: /Publicar$/ })).toBeTruthy();
    expect(within(form).getByLabelText('Comentario general')).toBeTruthy();
    expect(screen.getByText('Punto fuerte')).toBeTruthy();
  });

  test('the review screen in French: the total with the decimal comma (8,5 / 12, not 8.5)', async () => {
    act(() => setLocale('fr'));
    renderRemote(AdminApp, '/admin/*', { path: '/admin/review/e1', handler: handler(), user: teacher });
    const form = await screen.findByTestId('review-form');
    await within(form).findByText('Notes');
    expect(screen.getByTestId('review-total').textContent).toBe('9 / 12');
    fireEvent.change(within(form).getByLabelText('Note pour Focus') as HTMLInputElement, { target: { value: '4.5' } });
    await waitFor(() => expect(screen.getByTestId('review-total').textContent).toBe('8,5 / 12'));
  });
});
