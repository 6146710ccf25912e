// antd is slow under jsdom (the review journey alone takes ~16 s on an idle machine and over 30 s
// while npm test runs other suites beside it); the root config runs us as a project (per-project
// testTimeout is ignored there). A harness limit only: speed is the bench's business.
jest.setTimeout(90000);

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useLocation } from 'react-router-dom';
import { normalizeUser, setLocale } from '@corestone/sdk';
import { IntlProvider } from 'react-intl';
import AdminApp from '../src/exposes/AdminApp';
import { ScoringEditor } from '../src/components/ScoringEditor';
import fr from '../src/i18n/fr.json';
import { render } from '../../test-support/render';
import { renderRemote } from '../../test-support/remote';
import { admin, superAdmin } from './fixtures';
import { res, type Call } from '../../test-support/helpers';

// Every screen but the overview is a lazy chunk of AdminApp: load their modules before the tests (a
// browser fetches each chunk once too), so the waits below time the screens, not a first module load.
beforeAll(() =>
  Promise.all([
    import('../src/pages/Submissions'),
    import('../src/pages/SubmissionDetail'),
    import('../src/pages/Users'),
    import('../src/pages/Rubrics'),
    import('../src/pages/Links'),
    import('../src/pages/Policies'),
    import('../src/pages/Settings'),
    import('../src/pages/Analytics'),
    import('../src/pages/Assess'),
  ]),
);

const student = normalizeUser({ id: 's1', email: 'ann@school.org', first_name: 'Ann', last_name: 'Lee', user_type: 'student' })!;

const health = { status: 'ok', services: { auth: { ready: true }, grading: { ready: true } }, not_ready: [] };
const completed = {
  id: 'e1',
  user_id: 's1',
  user_name: 'Ann Lee',
  user_type: 'student',
  title: 'Causes of the 1929 Crash',
  fileName: 'crash.txt',
  essay_type: 'ee',
  subject_area: 'Economics',
  status: 'completed',
  approval_status: 'pending_review',
  overall_score: 24,
  admin_notes: null,
  ai_feedback: null,
  processingTime: 4.2,
  progress: 100,
  error_message: null,
  created_at: '2026-03-02T10:00:00Z',
  submittedAt: '2026-03-02T10:00:00Z',
  completed_at: '2026-03-02T10:00:05Z',
  extractedWordCount: 5,
  profiles: { full_name: 'Ann Lee', email: 'ann@school.org' },
  rubric: { id: 'rb1', title: 'IB EE', rubric_type: 'ee', scoring_structure: { total_points: 34, criteria: [] } },
  results: {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: 24,
    maxPoints: 34,
    percentage: 70.6,
    grader: 'builtin',
    criteria: [
      {
        code: 'A',
        name: 'Focus and Method',
        score: 4,
        maxScore: 6,
        band: 'Good',
        feedback: 'Focused.',
        weight: 1,
        strengths: [],
        improvements: [],
      },
    ],
    overallSummary: { holisticCommentary: '', nextSteps: [], strengths: [], improvements: [] },
    insight_feedback: {},
  },
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

function setup(path: string, handler: (c: Call) => Response, user = superAdmin) {
  return renderRemote(AdminApp, '/admin/*', { path, handler, user, otherRoutes: <Route path="*" element={<Where />} /> });
}

/** A value shown but not changeable: a read-only input in the normal text colour on the filled background, never a disabled (greyed-out) one. */
function expectReadOnly(element: HTMLElement, value: string) {
  const input = element as HTMLInputElement;
  expect([input.value, input.readOnly, input.disabled]).toEqual([value, true, false]);
  expect(input.classList.contains('ant-input-filled')).toBe(true);
}

const pathOf = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;
const api = (routes: Record<string, unknown | ((c: Call) => Response)>) => (c: Call) => {
  const p = pathOf(c);
  if (p === '/health') return res(200, health);
  const r = routes[`${c.method} ${p}`] ?? routes[p];
  if (typeof r === 'function') return (r as (c: Call) => Response)(c);
  if (r !== undefined) return res(200, r);
  return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
};

describe('admin layout and role gates', () => {
  it('sends anyone who is not admin or super admin to /auth (Reading B)', async () => {
    setup('/admin', api({}), student);
    expect((await screen.findByTestId('where')).textContent).toBe('/auth');
  });

  it('shows the sidebar, the user and the real system state', async () => {
    setup('/admin/settings', api({}));
    // jsdom is a small screen: the sidebar sits in a drawer behind the menu button
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('menu', { name: 'Admin' });
    for (const label of ['Overview', 'Submissions', 'Users', 'Rubrics', 'External Links', 'Policies & CMS', 'Settings'])
      expect(within(nav).getByText(label)).toBeTruthy();
    expect(screen.getByTestId('admin-user-name').textContent).toBe('Grace Hopper');
    expect(screen.getByTestId('admin-user-role').textContent).toBe('Super Admin');
    expect(await screen.findByText('Admin Settings')).toBeTruthy();
  });

  it("an admin who is not super admin gets 'Access Denied' on the submissions list and rubrics, and no call is made", async () => {
    const f = setup('/admin/submissions', api({}), admin);
    expect((await screen.findByTestId('access-denied')).textContent).toContain('Admin privileges required.');
    expect(f.calls.some((c) => pathOf(c).startsWith('/evaluation/admin'))).toBe(false);
  });
});

describe('submission review', () => {
  it('an overall score outside 0..the rubric total is said at once and cannot be saved', async () => {
    setup(
      '/admin/submissions/e1',
      api({ '/evaluation/e1': completed, '/evaluation/admin/e1/text': { id: 'e1', text: 'One.', word_count: 1 } }),
    );
    const input = (await screen.findByLabelText('Overall score')) as HTMLInputElement;
    const save = () => screen.getByText('Save Results').closest('button') as HTMLButtonElement;
    expect(save().disabled).toBe(false);
    for (const typed of ['35', '-1']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(await screen.findByText('Score must be between 0 and 34.')).toBeTruthy();
      expect(save().disabled).toBe(true);
    }
    fireEvent.change(input, { target: { value: '34' } });
    await waitFor(() => expect(screen.queryByText('Score must be between 0 and 34.')).toBeNull());
    expect(save().disabled).toBe(false);
  });

  it('reject needs notes; approve sends the notes and shows the new approval', async () => {
    const f = setup(
      '/admin/submissions/e1',
      api({
        '/evaluation/e1': completed,
        '/evaluation/admin/e1/text': { id: 'e1', text: 'One two three.\n\nFour five.', word_count: 5 },
        'POST /evaluation/admin/e1/approve': { ...completed, approval_status: 'approved', admin_notes: 'Well argued' },
      }),
    );
    expect(await screen.findByTestId('detail-title')).toBeTruthy();
    await screen.findByText(/5 words · 2 paragraphs · 1 min read/);
    const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
    fireEvent.click(button('reject-button'));
    await waitFor(() => expect(screen.getByTestId('decision-ok')).toBeTruthy());
    expect(button('decision-ok').disabled).toBe(true);
    // nothing in red before the admin has written anything
    expect(screen.queryByTestId('decision-error')).toBeNull();
    fireEvent.change(screen.getByLabelText('Decision notes'), { target: { value: '   ' } });
    expect(button('decision-ok').disabled).toBe(true);
    expect(screen.getByTestId('decision-error').textContent).toBe('Admin notes are required to reject an evaluation');
    fireEvent.change(screen.getByLabelText('Decision notes'), { target: { value: 'Copied passages' } });
    expect(button('decision-ok').disabled).toBe(false);
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('decision-ok')).toBeNull());

    fireEvent.click(button('approve-button'));
    await waitFor(() => expect(screen.getByTestId('decision-ok')).toBeTruthy());
    expect(button('decision-ok').disabled).toBe(false); // notes optional
    fireEvent.change(screen.getByLabelText('Decision notes'), { target: { value: 'Well argued' } });
    await act(async () => {
      fireEvent.click(button('decision-ok'));
    });
    await waitFor(() => expect(f.calls.some((c) => c.method === 'POST' && pathOf(c) === '/evaluation/admin/e1/approve')).toBe(true));
    const call = f.calls.find((c) => pathOf(c) === '/evaluation/admin/e1/approve')!;
    expect((call.body as FormData).get('admin_notes')).toBe('Well argued');
    await waitFor(() => expect(document.querySelector('[data-approval="approved"]')).toBeTruthy());
    // approved: approve is now disabled, reject still possible
    expect(button('approve-button').disabled).toBe(true);
    expect(button('reject-button').disabled).toBe(false);
  });

  it('notes stay internal unless shown to the student; the overall score must match criteria that add up to the total (issue 28)', async () => {
    const plain = {
      ...completed,
      results: {
        ...completed.results,
        criteria: [
          { ...completed.results.criteria[0], code: 'A', score: 20, maxScore: 28 },
          { ...completed.results.criteria[0], code: 'B', name: 'Knowledge', score: 4, maxScore: 6 },
        ],
      },
    };
    const f = setup(
      '/admin/submissions/e1',
      api({
        '/evaluation/e1': plain,
        '/evaluation/admin/e1/text': { id: 'e1', text: 'One.', word_count: 1 },
        'PUT /evaluation/admin/e1': (c: Call) => res(200, { ...plain, ...(c.body as object), admin_notes_for_student: true }),
        'POST /evaluation/admin/e1/reject': {
          ...plain,
          approval_status: 'rejected',
          admin_notes: 'Cite sources',
          admin_notes_for_student: true,
        },
      }),
    );
    const input = (await screen.findByLabelText('Overall score')) as HTMLInputElement;
    const save = () => screen.getByText('Save Results').closest('button') as HTMLButtonElement;
    expect(screen.getByText('Internal: only reviewers see these notes unless you show them to the student.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    expect(await screen.findByText('Must equal the sum of the criterion scores (24).')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Score for criterion A'), { target: { value: '26' } });
    await waitFor(() => expect(Number(input.value)).toBe(30)); // the criteria's new sum
    expect(save().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Feedback for the student'), { target: { value: 'Well argued.' } });
    fireEvent.change(screen.getByLabelText('Admin notes'), { target: { value: 'Shared note' } });
    fireEvent.click(screen.getByTestId('share-notes'));
    await act(async () => {
      fireEvent.click(save());
    });
    await waitFor(() => expect(f.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(f.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      overall_score: 30,
      ai_feedback: 'Well argued.',
      admin_notes: 'Shared note',
      admin_notes_for_student: true,
    });

    fireEvent.click(screen.getByTestId('reject-button'));
    await waitFor(() => expect(screen.getByTestId('decision-ok')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Decision notes'), { target: { value: 'Cite sources' } });
    fireEvent.click(screen.getByTestId('decision-share'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('decision-ok'));
    });
    await waitFor(() => expect(f.calls.some((c) => pathOf(c) === '/evaluation/admin/e1/reject')).toBe(true));
    const form = f.calls.find((c) => pathOf(c) === '/evaluation/admin/e1/reject')!.body as FormData;
    expect([form.get('admin_notes'), form.get('notes_for_student')]).toEqual(['Cite sources', 'true']);
  });

  it('Basic Information shows its values read-only, readable (not disabled), under their labels; its Save stays disabled', async () => {
    setup(
      '/admin/submissions/e1',
      api({ '/evaluation/e1': completed, '/evaluation/admin/e1/text': { id: 'e1', text: 'One.', word_count: 1 } }),
    );
    const card = await screen.findByTestId('basic-information');
    const shown = { Title: 'Causes of the 1929 Crash', 'Essay Type': 'Extended Essay', 'Subject Area': 'Economics', Status: 'completed' };
    for (const [label, value] of Object.entries(shown)) expectReadOnly(within(card).getByLabelText(label), value);
    expect(within(card).getByText('Title cannot be modified by admin')).toBeTruthy();
    expect((within(card).getByText('Save').closest('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Evaluation Not Found' for an unknown id", async () => {
    setup('/admin/evaluations/nope', api({}));
    expect(await screen.findByText('Evaluation Not Found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Submissions' })).toBeTruthy();
  });
});

describe('user management', () => {
  const users = {
    success: true,
    total: 1,
    users: [
      {
        id: 'u9',
        email: 't@school.org',
        name: 'Tess Teacher',
        first_name: 'Tess',
        last_name: 'Teacher',
        role: 'teacher',
        user_type: 'teacher',
        is_active: true,
        essay_credits: 1,
        max_essay_credits: 1,
        assigned_personas: [],
        created_at: '2026-01-01T00:00:00Z',
        avatar: null,
      },
    ],
  };

  it('re-sends the search 300 ms after typing stops, once', async () => {
    jest.useFakeTimers();
    try {
      const f = setup('/admin/users', api({ '/users/users': users }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      const searches = () => f.calls.filter((c) => pathOf(c) === '/users/users' && c.url.includes('search='));
      const box = screen.getByLabelText('Search users');
      for (const v of ['t', 'te', 'tes']) {
        fireEvent.change(box, { target: { value: v } });
        await act(async () => {
          await jest.advanceTimersByTimeAsync(100);
        });
      }
      expect(searches()).toHaveLength(0);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      expect(searches().map((c) => new URL(c.url, 'http://x').searchParams.get('search'))).toEqual(['tes']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an admin is offered only student and teacher when creating; Generate fills a 12-character password', async () => {
    setup('/admin/users', api({ '/users/users': users }), admin);
    fireEvent.click(await screen.findByRole('button', { name: /Add User/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Generate/ }));
    await waitFor(() => expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/));
    fireEvent.mouseDown(within(dialog).getByLabelText('Role'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option-content').length).toBeGreaterThan(0));
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual(['Student', 'Teacher']);
  });
});

describe('values an admin may see but not change', () => {
  it('Settings shows the e-mail read-only', async () => {
    setup('/admin/settings', api({}));
    expectReadOnly(await screen.findByLabelText('Email'), 'grace@school.org');
  });

  it('editing a user shows the e-mail, and for an admin the role, read-only', async () => {
    const teacher = {
      id: 'u9',
      email: 't@school.org',
      name: 'Tess Teacher',
      first_name: 'Tess',
      last_name: 'Teacher',
      role: 'teacher',
      user_type: 'teacher',
      is_active: true,
      essay_credits: 1,
      max_essay_credits: 1,
      assigned_personas: [],
      created_at: '2026-01-01T00:00:00Z',
      avatar: null,
    };
    setup('/admin/users', api({ '/users/users': { success: true, total: 1, users: [teacher] } }), admin);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit t@school.org' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expectReadOnly(within(dialog).getByLabelText('Email'), 't@school.org');
    expectReadOnly(within(dialog).getByLabelText('Role'), 'Teacher');
    expect(within(dialog).getByText('Only a super admin can change roles.')).toBeTruthy();
  });

  it('editing a rubric shows its essay type read-only', async () => {
    const rubric = {
      id: 'rb1',
      title: 'IB EE',
      description: '',
      rubric_type: 'tok',
      status: 'active',
      is_active: true,
      version: 1,
      criteria_text: 'A: Focus',
      scoring_structure: { total_points: 34, criteria: [], grade_boundaries: [], scoring_method: 'weighted_sum', pass_threshold: 0 },
      submission_count: 0,
      is_default: false,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    setup('/admin/rubrics', api({ '/rubrics/': [rubric], '/rubrics/rb1': rubric }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit IB EE' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expectReadOnly(await within(dialog).findByLabelText('Essay type'), 'TOK');
    expect(within(dialog).getByText('The type of an existing rubric cannot change.')).toBeTruthy();
  });
});

describe('policies', () => {
  const policy = (id: string, title: string) => ({
    success: true,
    data: { id, title, content: `# ${title}\n\nThe text.`, status: 'published', last_updated: null, updated_by: null },
  });
  const policies = {
    '/general/privacy': policy('privacy', 'Privacy Policy'),
    '/general/safeguarding': policy('safeguarding', 'Safeguarding Policy'),
    '/general/client-terms': policy('client-terms', 'Client Terms of Service'),
    '/general/academic-integrity': policy('academic-integrity', 'Academic Integrity Policy'),
    '/external_links/': { links: [], total: 0 },
  };
  const CONFIRM_TITLE = { selector: '.ant-modal-confirm-title' };
  const confirmDialog = async () =>
    (await screen.findByText('Discard unsaved changes?', CONFIRM_TITLE)).closest('.ant-modal') as HTMLElement;
  const noConfirm = () => expect(screen.queryByText('Discard unsaved changes?', CONFIRM_TITLE)).toBeNull();
  /** jsdom is a small screen: the sidebar sits in a drawer behind the menu button. */
  const openFromSidebar = async (label: string) => {
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    fireEvent.click(within(await screen.findByRole('menu', { name: 'Admin' })).getByText(label));
  };

  it('asks before unsaved changes are dropped: another policy, Cancel, or leaving the screen', async () => {
    setup('/admin/policies', api(policies));
    fireEvent.click(await screen.findByRole('button', { name: /Edit Policy/ }));
    const box = () => screen.getByLabelText('Policy content') as HTMLTextAreaElement;
    fireEvent.change(box(), { target: { value: 'A new first line.' } });

    // another policy: Keep editing keeps the draft
    fireEvent.click(screen.getByTestId('policy-safeguarding'));
    let dialog = await confirmDialog();
    expect(within(dialog).getByText('Your changes to the Privacy Policy have not been saved.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(noConfirm);
    expect(box().value).toBe('A new first line.');

    // leaving the screen through the sidebar waits for the answer
    await openFromSidebar('External Links');
    dialog = await confirmDialog();
    expect(screen.queryByTestId('admin-links')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByTestId('admin-links')).toBeTruthy();
  });

  it('Cancel and switching go at once when nothing changed; after Discard the next navigation is not held', async () => {
    setup('/admin/policies', api(policies));
    fireEvent.click(await screen.findByRole('button', { name: /Edit Policy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    noConfirm();
    expect(screen.queryByLabelText('Policy content')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Edit Policy/ }));
    fireEvent.change(screen.getByLabelText('Policy content'), { target: { value: 'Changed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByLabelText('Policy content')).toBeNull());
    await openFromSidebar('External Links');
    expect(await screen.findByTestId('admin-links')).toBeTruthy();
  });

  it('a policy over 200,000 characters says by how much and cannot be saved', async () => {
    const f = setup('/admin/policies', api(policies));
    fireEvent.click(await screen.findByRole('button', { name: /Edit Policy/ }));
    fireEvent.change(screen.getByLabelText('Policy content'), { target: { value: 'x'.repeat(200_010) } });
    expect((await screen.findByTestId('policy-too-long')).textContent).toBe(
      'A policy can be at most 200,000 characters: shorten it by 10 to save it.',
    );
    expect((screen.getByRole('button', { name: /Save Changes/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(f.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('overview', () => {
  const stats = {
    total_users: 42,
    total_submissions: 17,
    active_rubrics: 6,
    average_score: 71.5,
    success_rate: 94.1,
    completed: 16,
    processing: 0,
    failed: 1,
    users_by_role: { student: 40, super_admin: 2 },
    growth: { users: { current: 12, previous: 8, change_percent: 50 }, submissions: { current: 5, previous: 10, change_percent: -50 } },
  };

  it('shows the figures of /dashboard/stats with real growth and the success label', async () => {
    setup('/admin', api({ '/dashboard/stats': stats, '/evaluation/admin/all': { evaluations: [completed], total: 1 } }));
    const users = await screen.findByTestId('stat-users');
    expect(users.textContent).toContain('42');
    expect(users.textContent).toContain('50% vs previous 30 days');
    expect(screen.getByTestId('stat-submissions').textContent).toContain('50% vs previous 30 days');
    expect(screen.getByTestId('stat-avg').textContent).toContain('71.5%');
    expect(screen.getByTestId('stat-success').textContent).toContain('Excellent');
    expect(await screen.findByText('Causes of the 1929 Crash')).toBeTruthy();
    for (const action of ['Manage Users', 'Manage Rubrics', 'Review Submissions']) expect(screen.getByText(action)).toBeTruthy();
  });

  it('an admin (not super) sees user figures, not submission figures, and no submissions call is made', async () => {
    const f = setup('/admin', api({ '/dashboard/stats': stats }), admin);
    expect((await screen.findByTestId('stat-submissions')).textContent).toContain('Super admin only');
    expect(screen.getByText('Submission lists are available to super admins.')).toBeTruthy();
    expect(f.calls.some((c) => pathOf(c) === '/evaluation/admin/all')).toBe(false);
    // quick actions lead only where this admin may go
    expect(screen.getByText('Manage Users')).toBeTruthy();
    expect(screen.queryByText('Manage Rubrics')).toBeNull();
    expect(screen.queryByText('Review Submissions')).toBeNull();
  });

  it("shows 'Failed to load dashboard data' with Retry when the figures cannot be read", async () => {
    setup('/admin', api({ '/dashboard/stats': () => res(503, { detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }) }));
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('links manager', () => {
  const link = {
    id: 'l1',
    title: 'Instagram',
    url: 'https://instagram.com/corestone',
    description: 'Our photos',
    category: 'instagram',
    featured: false,
    is_active: true,
    clicks: 4,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  };
  const counter = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

  it('asks for every link the service allows in one list, and counts from it', async () => {
    const f = setup('/admin/links', api({ '/external_links/': { links: [link], total: 1 } }));
    await screen.findAllByText('Our photos');
    expect(f.calls.find((c) => pathOf(c) === '/external_links/')!.url).toContain('limit=500');
    expect(f.calls.some((c) => pathOf(c) === '/external_links/analytics/overview')).toBe(false);
    expect(counter('Total Links').textContent).toContain('1');
    expect(screen.queryByTestId('links-partial')).toBeNull();
  });

  it('with more links than one list holds, says so and takes the counters from the service', async () => {
    const overview = { total_links: 612, active_links: 600, featured_links: 3, total_clicks: 1000, average_clicks: 1.63, by_category: {} };
    setup('/admin/links', api({ '/external_links/': { links: [link], total: 612 }, '/external_links/analytics/overview': overview }));
    expect((await screen.findByTestId('links-partial')).textContent).toBe(
      'Showing the newest 1 of 612 links; the counters cover all of them.',
    );
    expect(counter('Total Links').textContent).toContain('612');
    expect(counter('Active Links').textContent).toContain('600');
    expect(counter('Total Clicks').textContent).toContain('1,000');
    expect(counter('Avg Clicks').textContent).toContain('1.6');
  });
});

describe('in French and Spanish (issue 36)', () => {
  afterEach(() => act(() => setLocale('en')));

  it('the submissions list in French: heading, columns, tags, filters', async () => {
    act(() => setLocale('fr'));
    setup(
      '/admin/submissions',
      api({
        '/evaluation/admin/all': { evaluations: [completed], total: 1 },
        '/evaluation/admin/stats': { total: 1, completed: 1, processing: 0, failed: 0, completed_this_week: 1, completed_previous_week: 0 },
      }),
    );
    const list = await screen.findByTestId('admin-submissions');
    await within(list).findByText('Causes of the 1929 Crash');
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des travaux' })).toBeTruthy();
    expect(within(list).getAllByText('Terminé').length).toBeGreaterThan(0);
    expect(within(list).getByText('Mémoire (EE)')).toBeTruthy();
    expect(within(list).getByText('En attente de validation')).toBeTruthy();
    expect(within(list).getByLabelText('Rechercher dans la liste des travaux')).toBeTruthy();
    expect(within(list).getByText('+1 cette semaine')).toBeTruthy();
  });

  it('the overview in Spanish', async () => {
    act(() => setLocale('es'));
    setup(
      '/admin',
      api({
        '/dashboard/stats': {
          total_users: 42,
          total_submissions: 17,
          active_rubrics: 6,
          average_score: 71.5,
          success_rate: 94.1,
          completed: 16,
          processing: 0,
          failed: 1,
          users_by_role: { student: 40 },
          growth: {
            users: { current: 12, previous: 8, change_percent: 50 },
            submissions: { current: 5, previous: 10, change_percent: -50 },
          },
        },
        '/evaluation/admin/all': { evaluations: [completed], total: 1 },
      }),
    );
    const users = await screen.findByTestId('stat-users');
    await waitFor(() => expect(users.textContent).toContain('50 % frente a los 30 días anteriores'));
    expect(screen.getByTestId('stat-success').textContent).toContain('Excelente');
    expect(screen.getByText('Panel de administración')).toBeTruthy();
    expect(screen.getByText('Acciones rápidas')).toBeTruthy();
  });

  it("a submission's results in French: the AI total and the editor's checks with the decimal comma (27,5, not 27.5)", async () => {
    act(() => setLocale('fr'));
    const halves = {
      ...completed,
      results: {
        ...completed.results,
        totalPoints: 27.5,
        percentage: 80.9,
        criteria: [
          { ...completed.results.criteria[0], code: 'A', score: 23.5, maxScore: 28 },
          { ...completed.results.criteria[0], code: 'B', name: 'Knowledge', score: 4, maxScore: 6 },
        ],
      },
    };
    setup(
      '/admin/submissions/e1',
      api({ '/evaluation/e1': halves, '/evaluation/admin/e1/text': { id: 'e1', text: 'One.', word_count: 1 } }),
    );
    const editor = await screen.findByTestId('results-editor');
    const text = () => (editor.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    await waitFor(() => expect(text()).toContain('Évalué 27,5/34 (81 %) par'));
    // the overall score's input, named apart from the overall grade's select ('Note globale')
    fireEvent.change(within(editor).getByRole('spinbutton', { name: 'Total des points' }), { target: { value: '27' } });
    await waitFor(() => expect(text()).toContain('(27,5).'));
    expect(text()).not.toContain('27.5');
  });

  it("the rubric editor's total in French: 27,5 points", () => {
    const value = {
      total_points: 27.5,
      criteria: [{ code: 'A', name: 'Focus', maxScore: 27.5, weight: 1 }],
      grade_boundaries: [],
      scoring_method: 'weighted_sum' as const,
      pass_threshold: 50,
    };
    render(
      <IntlProvider locale="fr" messages={fr}>
        <ScoringEditor value={value} onChange={() => undefined} />
      </IntlProvider>,
    );
    expect(screen.getByText(/^Critères · total/).textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Critères · total 27,5 points · réussite à 50 %',
    );
  });
});
