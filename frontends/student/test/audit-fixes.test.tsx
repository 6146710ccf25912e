import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderDashboard } from './render-dashboard';
import { student } from './fixtures';
import { checkEssayText, checkFile, checkTextFile, ESSAY_TOO_LONG_TEXT, sizeMb } from '../src/lib/upload';
import { res, viewportWidth, type Call } from '../../test-support/helpers';

// load the lazy screens first (see student.test.tsx)
beforeAll(() => Promise.all([import('../src/pages/Submissions'), import('../src/pages/UploadWizard'), import('../src/pages/Results')]));

const ev = {
  id: 'e1',
  title: 'Causes of the 1929 Crash',
  essay_type: 'ee',
  status: 'completed',
  extractedWordCount: 3987,
  created_at: '2025-03-02T10:00:00Z',
  results: { overallGrade: 'B', totalPoints: 25, maxPoints: 34, percentage: 74, criteria: [] },
};

const setup = (path: string, handler: (c: Call) => Response) => renderDashboard(path, handler, student);

const api =
  (routes: Record<string, unknown>, failing: string[] = []) =>
  (c: Call) => {
    const path = c.url.replace('/api/v1', '').split('?')[0]!;
    if (path === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
    if (failing.includes(path)) return res(500, { detail: 'Internal server error', code: 'INTERNAL' });
    if (path in routes) return res(200, routes[path]);
    return res(404, { detail: 'Evaluation not found', code: 'NOT_FOUND' });
  };

describe('a failed submissions load shows no made-up numbers', () => {
  test('dashboard: stat cards show —, no "No submissions yet" beside the error, Try Again', async () => {
    setup('/dashboard', api({}, ['/evaluation/my-evaluations']));
    expect(await screen.findByText(/^Error loading submissions: /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    for (const id of ['stat-total-submissions', 'stat-completed', 'stat-processing', 'stat-average-grade']) {
      const card = screen.getByTestId(id);
      expect(card.textContent).toContain('—');
      expect(card.textContent).not.toMatch(/\d/);
    }
    expect(screen.queryByText('No submissions yet. Upload your first essay to get feedback.')).toBeNull();
    expect(screen.getByTestId('recent-unavailable')).toBeTruthy();
  });

  test('dashboard: a list that loads still shows its counts and the empty state', async () => {
    setup('/dashboard', api({ '/evaluation/my-evaluations': { evaluations: [], total: 0 } }));
    expect(await screen.findByText('No submissions yet. Upload your first essay to get feedback.')).toBeTruthy();
    expect(screen.getByTestId('stat-total-submissions').textContent).toContain('0');
  });

  test('My Submissions: no "0 total · 0 completed · 0 processing" next to the error', async () => {
    setup('/dashboard/submissions', api({}, ['/evaluation/my-evaluations']));
    expect(await screen.findByText(/^Error loading submissions: /)).toBeTruthy();
    expect(screen.queryByText('0 total · 0 completed · 0 processing')).toBeNull();
    expect(screen.getByText('— total · — completed · — processing')).toBeTruthy();
  });
});

describe('My Submissions fits a phone', () => {
  let restore = () => {};
  afterEach(() => restore());

  test('below md: no Date, Words or Status columns; date, status and every action sit in the Essay cell', async () => {
    restore = viewportWidth(390);
    setup('/dashboard/submissions', api({ '/evaluation/my-evaluations': { evaluations: [ev], total: 1 } }));
    expect(await screen.findByText('Causes of the 1929 Crash')).toBeTruthy();
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Essay', 'Grade']);
    expect(document.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toContain('overflow-x: auto');
    const cell = screen.getByTestId('submission-compact');
    expect(within(cell).getByText('Causes of the 1929 Crash')).toBeTruthy();
    expect(within(cell).getByRole('button', { name: /View Results/ })).toBeTruthy();
    expect(within(cell).getByRole('button', { name: 'Download PDF report of Causes of the 1929 Crash' })).toBeTruthy();
    expect(within(cell).getByRole('button', { name: 'Delete Causes of the 1929 Crash' })).toBeTruthy();
    expect(cell.textContent).toContain('Completed');
    expect(screen.getByText('1 total · 1 completed · 0 processing')).toBeTruthy();
  });

  test('md and wider: the full table with Date, Words and Status', async () => {
    restore = viewportWidth(1280);
    setup('/dashboard/submissions', api({ '/evaluation/my-evaluations': { evaluations: [ev], total: 1 } }));
    expect(await screen.findByText('Causes of the 1929 Crash')).toBeTruthy();
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent)).toEqual([
        'Essay',
        'Date',
        'Words',
        'Status',
        'Grade',
        '',
      ]),
    );
    expect(screen.queryByTestId('submission-compact')).toBeNull();
    expect(screen.getByText('3,987')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Causes of the 1929 Crash' })).toBeTruthy();
  });
});

describe('processing screen', () => {
  test('promises no remaining time', async () => {
    setup('/dashboard/results/e2', api({ '/evaluation/e2': { ...ev, id: 'e2', status: 'processing', results: null, progress: 10 } }));
    expect(await screen.findByTestId('results-processing')).toBeTruthy();
    expect(screen.queryByText(/seconds remaining/)).toBeNull();
    expect(screen.getByTestId('processing-note').textContent).toBe(
      'Grading time varies. You can leave this page: the result appears in My Submissions.',
    );
  });
});

describe('upload step checks', () => {
  test('empty file, the server text bound, sizes in KB', async () => {
    expect(checkFile({ name: 'essay.txt', size: 0 })).toBe('The file is empty');
    expect(checkFile({ name: 'essay.pdf', size: 0 })).toBe('The file is empty');
    expect(checkFile({ name: 'essay.exe', size: 0 })).toBe('Only .txt, .docx, .pdf files are allowed');
    expect(ESSAY_TOO_LONG_TEXT).toBe('The essay is too long: at most 400,000 characters (about 900 KB) of text are accepted');
    expect(checkEssayText('a'.repeat(400_000))).toBeNull();
    expect(checkEssayText('a'.repeat(400_001))).toBe(ESSAY_TOO_LONG_TEXT);
    // as the server normalises: CRLF counts as one character, surrounding blanks not at all
    expect(checkEssayText('ab\r\n'.repeat(133_333) + '   ')).toBeNull();
    // 300,000 three-byte characters: under the character bound, over 900,000 bytes of UTF-8
    expect(checkEssayText('€'.repeat(300_001))).toBe(ESSAY_TOO_LONG_TEXT);
    expect(await checkTextFile(new File(['a'.repeat(400_001)], 'long.txt'))).toBe(ESSAY_TOO_LONG_TEXT);
    expect(await checkTextFile(new File(['a'.repeat(400_000)], 'ok.txt'))).toBeNull();
    // only a .txt is measured here (a .docx or .pdf is read by the server)
    expect(await checkTextFile(new File(['a'.repeat(400_001)], 'long.docx'))).toBeNull();
    expect(sizeMb(23)).toBe('23 bytes');
    expect(sizeMb(12_800)).toBe('13 KB');
    expect(sizeMb(5 * 1024 * 1024)).toBe('5.00 MB');
  });

  test('the wizard refuses an empty file and a too long .txt at once', async () => {
    setup('/dashboard/upload/ee', api({ '/rubrics/active': [], '/general/tok-prescribed-titles': [] }));
    expect(await screen.findByText('Upload Extended Essay')).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([], 'empty.txt')] } });
    });
    expect(await screen.findByText('The file is empty')).toBeTruthy();
    const input2 = document.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input2, { target: { files: [new File(['a'.repeat(400_001)], 'long.txt')] } });
    });
    expect(await screen.findByText(ESSAY_TOO_LONG_TEXT)).toBeTruthy();
    expect(screen.queryByTestId('selected-file')).toBeNull();
    const input3 = document.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input3, { target: { files: [new File(['An essay about markets.'], 'essay.txt')] } });
    });
    expect((await screen.findByTestId('selected-file')).textContent).toContain('23 bytes');
  });
});
