import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useNavigationType, type Location, type To } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient, normalizeUser, type RemoteAppProps, type SessionUser } from '@corestone/sdk';
import DashboardApp from '../src/exposes/DashboardApp';
import { chooseFileAgainText } from '../src/pages/UploadWizard';
import { readDraft, saveDraft } from '../src/lib/uploadDraft';
import { EMPTY_EE, EMPTY_TOK } from '../src/lib/uploadMetadata';
import { render } from '../../test-support/render';
import { fakeFetch, res, type Call } from '../../test-support/helpers';
import { act$, choose, field } from '../../test-support/interact';

// the wizard is a lazy chunk of the dashboard: load it before the tests (see student.test.tsx)
beforeAll(() => Promise.all([import('../src/pages/UploadWizard'), import('../src/pages/Results')]));
beforeEach(() => sessionStorage.clear());

const user = (id: string) => normalizeUser({ id, email: `${id}@school.org`, first_name: 'Ann', user_type: 'student', essay_credits: 3 })!;
const ann = user('u1');

const rubric = (id: string, title: string, type = 'ee') => ({
  id,
  title,
  rubric_type: type,
  status: 'active',
  scoring_structure: { total_points: 34, criteria: [] },
});
const EE_RUBRICS = [rubric('rb1', 'IB Extended Essay 2027'), rubric('rb2', 'IB Extended Essay 2025')];
const submitted = { id: 'e9', title: 'Markets', essay_type: 'ee', status: 'completed', results: { overallGrade: 'B', criteria: [] } };

function api(c: Call): Response {
  const path = c.url.replace('/api/v1', '').split('?')[0]!;
  if (path === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (path === '/rubrics/active') return res(200, c.url.includes('tok') ? [rubric('rt', 'TOK 2027', 'tok')] : EE_RUBRICS);
  if (path === '/general/tok-prescribed-titles') return res(200, { success: true, data: { titles: [] } }); // a session without titles: only the free entry
  if (path === '/evaluation/evaluate-async') return res(201, submitted);
  if (path === '/evaluation/e9') return res(200, submitted);
  return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
}

/** What the history is at, and the browser's Back/Forward (`navigate(-1)`), seen from outside the remote. */
const history: { navigate?: ReturnType<typeof useNavigate>; location?: Location; action?: string } = {};
function HistoryProbe() {
  history.navigate = useNavigate();
  history.location = useLocation();
  history.action = useNavigationType();
  return null;
}

/** The student remote in a memory history whose Back/Forward the test drives (`router.navigate(-1)`). */
function renderWizard(entries: string[], who: SessionUser = ann) {
  const f = fakeFetch(api);
  const props: RemoteAppProps = {
    user: who,
    client: createClient({ fetch: f.fetch, locks: null, eventTarget: null }),
    refreshUser: jest.fn(async () => who),
    logout: jest.fn(async () => {}),
  };
  const view = render(
    <AntApp>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <HistoryProbe />
        <Routes>
          <Route path="/dashboard/*" element={<DashboardApp {...props} />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
  const router = {
    navigate: (to: To | number) => (typeof to === 'number' ? history.navigate!(to) : history.navigate!(to)),
    get state() {
      return { location: history.location!, historyAction: history.action };
    },
  };
  return { router, calls: f.calls, unmount: view.unmount };
}

const click = (el: Element) => act$(() => fireEvent.click(el));
const button = (name: string) => screen.getByRole('button', { name });
const type = (id: string, value: string) => act$(() => fireEvent.change(field(id), { target: { value } }));

async function chooseFile(name = 'essay.txt') {
  const input = await waitFor(() => {
    const el = document.querySelector<HTMLInputElement>('[data-testid=step-upload] input[type=file]');
    if (!el) throw new Error('no file input yet');
    return el;
  });
  await act$(() => fireEvent.change(input, { target: { files: [new File(['An essay about markets.'], name, { type: 'text/plain' })] } }));
  await screen.findByTestId('selected-file');
}

const stepPanel = (name: string) => screen.findByRole('group', { name });

async function toMetadata() {
  await chooseFile();
  await click(button('Continue'));
  await stepPanel('Step 2 of 3: Metadata');
  await screen.findByText('IB Extended Essay 2027');
}

async function fillEe() {
  await type('meta-title', 'Markets and the 1929 crash');
  await choose('meta-category', 'Individuals and Societies');
  await choose('meta-subject', 'Economics');
  await type('meta-rq', 'To what extent did margin buying cause the 1929 crash?');
  await click(screen.getByTestId('rubric-rb2'));
}

describe('the step is part of the history', () => {
  test('Continue and Review & Submit push ?step=…; Back and Forward move between steps with everything kept', async () => {
    const { router } = renderWizard(['/dashboard', '/dashboard/upload/ee']);
    await toMetadata();
    expect(router.state.location.search).toBe('?step=metadata');
    expect(router.state.historyAction).toBe('PUSH');
    await fillEe();
    await click(button('Review & Submit'));
    await stepPanel('Step 3 of 3: Submit');
    expect(router.state.location.search).toBe('?step=review');

    // the browser's Back: Metadata with its values, then Upload with the file
    await act$(() => router.navigate(-1));
    expect(await stepPanel('Step 2 of 3: Metadata')).toBe(document.activeElement);
    expect(field('meta-rq').value).toBe('To what extent did margin buying cause the 1929 crash?');
    await act$(() => router.navigate(-1));
    expect(await stepPanel('Step 1 of 3: Upload')).toBe(document.activeElement);
    expect(screen.getByTestId('selected-file').textContent).toContain('essay.txt');
    // Forward again, then the wizard's own Back is the same history step (Forward still leads on)
    await act$(() => router.navigate(1));
    await stepPanel('Step 2 of 3: Metadata');
    await click(button('Back'));
    await stepPanel('Step 1 of 3: Upload');
    await act$(() => router.navigate(1));
    await stepPanel('Step 2 of 3: Metadata');
    expect(field('meta-title').value).toBe('Markets and the 1929 crash');
  });

  test('a step address without the file lands on Upload in place (replace): Back leaves the wizard', async () => {
    const { router } = renderWizard(['/dashboard', '/dashboard/upload/ee?step=review']);
    await stepPanel('Step 1 of 3: Upload');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    // the step panel is not focused on arrival: the page keeps its own start
    expect(document.activeElement).toBe(document.body);
    await act$(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the metadata draft', () => {
  test('comes back after a reload, asks for the file again, and is kept per user and essay type', async () => {
    const first = renderWizard(['/dashboard/upload/ee']);
    await toMetadata();
    await fillEe();
    first.unmount();

    // a reload on the Metadata step: the file is gone, the details are not
    const again = renderWizard(['/dashboard/upload/ee?step=metadata']);
    expect((await screen.findByTestId('choose-file-again')).textContent).toBe(chooseFileAgainText('essay.txt'));
    expect(chooseFileAgainText('essay.txt')).toBe('Your details are kept. Choose your file (essay.txt) again to continue.');
    await waitFor(() => expect(again.router.state.location.search).toBe(''));
    await chooseFile();
    expect(screen.queryByTestId('choose-file-again')).toBeNull();
    await click(button('Continue'));
    await stepPanel('Step 2 of 3: Metadata');
    expect(field('meta-title').value).toBe('Markets and the 1929 crash');
    expect(field('meta-rq').value).toBe('To what extent did margin buying cause the 1929 crash?');
    expect(screen.getByText('Economics')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('rubric-rb2') as HTMLInputElement).checked).toBe(true));
    again.unmount();

    // another student in the same tab, and the same student's TOK wizard, start empty
    renderWizard(['/dashboard/upload/ee'], user('u2')).unmount();
    expect(screen.queryByTestId('choose-file-again')).toBeNull();
    const tok = renderWizard(['/dashboard/upload/tok']);
    await stepPanel('Step 1 of 3: Upload');
    expect(screen.queryByTestId('choose-file-again')).toBeNull();
    // switching to TOK and back does not wipe the EE draft
    await act$(() => tok.router.navigate('/dashboard/upload/ee'));
    expect((await screen.findByTestId('choose-file-again')).textContent).toBe(chooseFileAgainText('essay.txt'));
    expect(readDraft('u1', 'ee')?.ee.title).toBe('Markets and the 1929 crash');
    expect(readDraft('u2', 'ee')).toBeNull();
  });

  test('a kept rubric that is no longer active is dropped; an odd stored draft cannot break the form', async () => {
    saveDraft('u1', 'ee', {
      ee: { ...EMPTY_EE, title: 'Kept', category: 'Sciences', subject: 'Economics' },
      tok: EMPTY_TOK,
      rubricId: 'retired',
      fileName: null,
    });
    renderWizard(['/dashboard/upload/ee']);
    expect((await screen.findByTestId('choose-file-again')).textContent).toBe('Your details are kept. Choose your file again to continue.');
    await toMetadata();
    expect(field('meta-title').value).toBe('Kept');
    // Economics is not a Sciences subject: dropped with the stored draft's check
    expect(readDraft('u1', 'ee')?.ee.subject).toBe('');
    for (const r of EE_RUBRICS) expect((screen.getByTestId(`rubric-${r.id}`) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(readDraft('u1', 'ee')?.rubricId).toBe(''));

    sessionStorage.setItem('corestone.draft.upload.u1.tok', '{"meta":{"title":7,"aokFocus":["History","Astrology"]},"rubricId":null}');
    expect(readDraft('u1', 'tok')).toEqual({ ee: EMPTY_EE, tok: { ...EMPTY_TOK, aokFocus: ['History'] }, rubricId: '', fileName: null });
    sessionStorage.setItem('corestone.draft.upload.u1.tok', 'not json');
    expect(readDraft('u1', 'tok')).toBeNull();
  });

  test('Start Over clears it and goes back to the first step', async () => {
    const { router } = renderWizard(['/dashboard', '/dashboard/upload/ee']);
    await toMetadata();
    await fillEe();
    await click(button('Review & Submit'));
    await stepPanel('Step 3 of 3: Submit');
    await click(button('Start Over'));
    expect(await stepPanel('Step 1 of 3: Upload')).toBe(document.activeElement);
    expect(router.state.location.search).toBe('');
    expect(readDraft('u1', 'ee')).toBeNull();
    expect(screen.queryByTestId('selected-file')).toBeNull();
    expect(screen.queryByTestId('choose-file-again')).toBeNull();
    await chooseFile();
    await click(button('Continue'));
    await stepPanel('Step 2 of 3: Metadata');
    expect(field('meta-title').value).toBe('');
  });

  test('a successful submit clears it; the result takes the wizard’s place in the history', async () => {
    const { router, calls } = renderWizard(['/dashboard', '/dashboard/upload/ee']);
    await toMetadata();
    await fillEe();
    await click(button('Review & Submit'));
    await stepPanel('Step 3 of 3: Submit');
    await click(button('Submit for Evaluation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/results/e9'));
    expect(calls.some((c) => c.url.includes('/evaluation/evaluate-async'))).toBe(true);
    expect(readDraft('u1', 'ee')).toBeNull();
    // Back from the result goes to where the student came from, not to an emptied wizard
    await act$(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('a refused step says what is wrong at the field', () => {
  test('EE: each missing field is marked under itself, focus goes to the first, a change clears its mark', async () => {
    renderWizard(['/dashboard/upload/ee']);
    await stepPanel('Step 1 of 3: Upload');
    await click(button('Continue'));
    expect(await screen.findByText('Please upload a file', { selector: '.ant-notification *' })).toBeTruthy();
    expect(screen.getByText('Please upload a file', { selector: '#upload-file-error' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('file-dropzone').closest('[role=button]'));
    await chooseFile();
    expect(document.getElementById('upload-file-error')).toBeNull();

    await click(button('Continue'));
    await stepPanel('Step 2 of 3: Metadata');
    await screen.findByText('IB Extended Essay 2027');
    await click(button('Review & Submit'));
    expect(await screen.findByText('Please select a subject category', { selector: '.ant-notification *' })).toBeTruthy();
    expect(document.getElementById('meta-category-error')?.textContent).toBe('Please select a subject category');
    expect(document.getElementById('meta-rq-error')?.textContent).toBe('Please enter your research question');
    expect(document.getElementById('meta-rubric-error')?.textContent).toBe('Please select a rubric');
    // no subject mark while its field is disabled (a category comes first)
    expect(document.getElementById('meta-subject-error')).toBeNull();
    expect(document.activeElement).toBe(field('meta-category'));
    expect(field('meta-rq').getAttribute('aria-invalid')).toBe('true');
    expect(field('meta-rq').getAttribute('aria-describedby')).toBe('meta-rq-error');
    expect(field('meta-rq').closest('.ant-form-item')!.className).toContain('ant-form-item-has-error');

    await type('meta-rq', 'To what extent…?');
    expect(document.getElementById('meta-rq-error')).toBeNull();
    expect(field('meta-rq').getAttribute('aria-invalid')).toBeNull();
    await choose('meta-category', 'Sciences');
    expect(document.getElementById('meta-category-error')).toBeNull();
    expect(document.getElementById('meta-rubric-error')).not.toBeNull();

    // the subject is next; with only the rubric left, focus goes to the rubric list's first choice
    await click(button('Review & Submit'));
    await waitFor(() => expect(document.getElementById('meta-subject-error')?.textContent).toBe('Please select a subject'));
    expect(document.activeElement).toBe(field('meta-subject'));
    await choose('meta-subject', 'Physics');
    await click(button('Review & Submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('rubric-rb1')));
    await click(screen.getByTestId('rubric-rb1'));
    expect(document.getElementById('meta-rubric-error')).toBeNull();
    await click(button('Review & Submit'));
    expect(await stepPanel('Step 3 of 3: Submit')).toBe(document.activeElement);
  });

  test('TOK: the prescribed title is marked and focused', async () => {
    renderWizard(['/dashboard/upload/tok']);
    await chooseFile('tok.txt');
    await click(button('Continue'));
    await stepPanel('Step 2 of 3: Metadata');
    await screen.findByText('TOK 2027');
    await click(button('Review & Submit'));
    await waitFor(() => expect(document.getElementById('meta-prescribed-error')?.textContent).toBe('Please select a prescribed title'));
    expect(document.activeElement).toBe(field('meta-prescribed'));
    // the only active rubric is chosen for the student
    expect(document.getElementById('meta-rubric-error')).toBeNull();
  });
});
