// antd under jsdom is slow; see screens.test.tsx
jest.setTimeout(90000);

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useLocation } from 'react-router-dom';
import { normalizeUser, setLocale, type RosterImportResult, type RosterImportStatus, type School, type SchoolMember } from '@corestone/sdk';
import { createIntl } from 'react-intl';
import AdminApp from '../src/exposes/AdminApp';
import { schoolTabOf } from '../src/pages/School';
import {
  memberActions,
  mayEnterBackOffice,
  poolFigures,
  rosterFileProblem,
  rosterRows,
  schoolAreaOnly,
  settingsForm,
  settingsPatch,
  statusLabel,
} from '../src/lib/schools';
import { renderRemote } from '../../test-support/remote';
import { res, viewportWidth, type Call } from '../../test-support/helpers';
import { schoolTeacher, superAdmin } from './fixtures';

const intl = createIntl({ locale: 'en' });

beforeAll(() => Promise.all([import('../src/pages/School'), import('../src/pages/Schools')]));

const schoolAdmin = normalizeUser({
  id: 'u-sa',
  email: 'head@school.org',
  first_name: 'Hana',
  last_name: 'Head',
  user_type: 'teacher',
  school: { id: 'sch1', name: 'Riverside IB', role: 'school_admin', status: 'active' },
})!;
const plainTeacher = schoolTeacher;

const school: School = {
  id: 'sch1',
  name: 'Riverside IB',
  country: 'GB',
  ib_school_code: '001234',
  time_zone: 'Europe/London',
  email_domains: ['riverside.org'],
  microsoft_tenant_ids: [],
  settings: { students_may_buy_credits: true, ai_grader_enabled: true, pool_enabled: true, pool_cap_per_student: null },
  counts: { school_admins: 1, teachers: 3, students: 60, pending: 2, deactivated: 1, classes: 4, archived_classes: 0 },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const member = (over: Partial<SchoolMember>): SchoolMember => ({
  user_id: 'm1',
  school_id: 'sch1',
  email: 'ann@riverside.org',
  name: 'Ann Lee',
  school_role: 'student',
  status: 'active',
  awaiting: null,
  joined_by: 'invitation',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});
const recent = new Date(Date.now() - 3600_000).toISOString();
const credits = {
  school_id: 'sch1',
  balance: 120,
  granted_total: 200,
  used_total: 80,
  entries: [
    { id: 'l1', kind: 'use', credits: -1, note: null, user_id: 'm1', actor: 'user:m1', charge_key: 'k1', created_at: recent },
    { id: 'l2', kind: 'use', credits: -1, note: null, user_id: 'm1', actor: 'user:m1', charge_key: 'k2', created_at: recent },
    { id: 'l3', kind: 'refund', credits: 1, note: null, user_id: 'm1', actor: 'system', charge_key: 'k2', created_at: recent },
    {
      id: 'l4',
      kind: 'use',
      credits: -1,
      note: null,
      user_id: 'm1',
      actor: 'user:m1',
      charge_key: 'k0',
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
  usage_by_student: [{ user_id: 'm1', used: 2 }],
  usage_by_class: [
    { class_id: 'c1', used: 2, refunded: 1, cap: 2 },
    { class_id: 'c-gone', used: 1, refunded: 0, cap: null },
  ],
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

describe('rules of the School area', () => {
  test('who enters the back office, and who sees only the School area', () => {
    expect(mayEnterBackOffice(schoolAdmin)).toBe(true);
    expect(schoolAreaOnly(schoolAdmin)).toBe(true);
    // issue 31: a school's teacher enters the back office for its Classes area only
    expect(mayEnterBackOffice(plainTeacher)).toBe(true);
    expect(schoolAreaOnly(plainTeacher)).toBe(true);
    expect(mayEnterBackOffice(superAdmin)).toBe(true);
    expect(schoolAreaOnly(superAdmin)).toBe(false);
    const deactivated = { ...schoolAdmin, school: { ...schoolAdmin.school!, status: 'deactivated' as const } };
    expect(mayEnterBackOffice(deactivated)).toBe(false);
  });

  test("a member row offers approve only to a membership waiting for the school, never one's own", () => {
    expect(memberActions(member({ status: 'pending', awaiting: 'school' }), 'me')).toEqual(['approve', 'deactivate']);
    expect(memberActions(member({ status: 'pending', awaiting: 'member' }), 'me')).toEqual(['deactivate']);
    expect(memberActions(member({ status: 'deactivated' }), 'me')).toEqual(['reactivate']);
    expect(memberActions(member({}), 'me')).toEqual(['deactivate']);
    expect(memberActions(member({ user_id: 'me' }), 'me')).toEqual([]);
    expect(statusLabel(member({ status: 'pending', awaiting: 'member' }), intl).text).toBe('Invited');
    expect(statusLabel(member({ status: 'pending', awaiting: 'school' }), intl).text).toBe('Awaiting approval');
  });

  test('the dry-run table lists creates, updates, moves, deactivations and classes', () => {
    const rows = rosterRows(
      {
        details: {
          create: [{ email: 'a@x.org', name: 'A', role: 'student', file: 'users.csv', line: 2 }],
          update: [{ email: 'b@x.org', name: 'B', changes: ['name'] }],
          moves: [{ email: 'c@x.org', name: 'C', from: ['Bio'], to: ['Chem'] }],
          deactivate: [{ email: 'd@x.org', name: 'D', role: 'student', reason: 'gone from the roster' }],
          classes_create: [{ name: 'Chem', subject: 'Chemistry', session: 'May 2027' }],
          classes_update: [],
          truncated: false,
        },
      },
      intl,
    );
    expect(rows.map((r) => [r.change, r.name, r.detail])).toEqual([
      ['Create', 'A', 'Student (users.csv:2)'],
      ['Update', 'B', 'name'],
      ['Move', 'C', 'Bio → Chem'],
      ['Deactivate', 'D', 'Student: gone from the roster'],
      ['New class', 'Chem', 'Chemistry · May 2027'],
    ]);
  });

  test('roster files: CSVs, or one zip alone', () => {
    expect(rosterFileProblem([], intl)).toMatch(/Choose the roster files/);
    expect(rosterFileProblem([{ name: 'users.csv' }, { name: 'orgs.CSV' }], intl)).toBeNull();
    expect(rosterFileProblem([{ name: 'roster.zip' }], intl)).toBeNull();
    expect(rosterFileProblem([{ name: 'roster.zip' }, { name: 'users.csv' }], intl)).toMatch(/one zip on its own/);
    expect(rosterFileProblem([{ name: 'users.xlsx' }], intl)).toBe('users.xlsx is neither a CSV file nor a zip.');
  });

  test('the overview counts pool uses of the last 7 days, refunds deducted', () => {
    const f = poolFigures(credits as never, Date.now(), 500);
    expect(f).toEqual({ balance: 120, gradedThisWeek: 1, more: false });
  });

  test('settings: only what changed is sent; e-mail domains only by a super admin', () => {
    const before = settingsForm(school);
    const after = { ...before, pool_cap_per_student: 5, ai_grader_enabled: false, email_domains: ['riverside.org', 'Sixth.riverside.org'] };
    expect(settingsPatch(before, after, false)).toEqual({ settings: { ai_grader_enabled: false, pool_cap_per_student: 5 } });
    expect(settingsPatch(before, after, true)).toEqual({
      settings: { ai_grader_enabled: false, pool_cap_per_student: 5 },
      email_domains: ['riverside.org', 'sixth.riverside.org'],
    });
    expect(settingsPatch(before, { ...before, name: ' Riverside IB ' }, true)).toEqual({});
  });

  test('the tab comes from the address', () => {
    expect(schoolTabOf('/admin/school', '/admin/school')).toBe('overview');
    expect(schoolTabOf('/admin/school/roster', '/admin/school')).toBe('roster');
    expect(schoolTabOf('/admin/schools/sch1/members', '/admin/schools/sch1')).toBe('members');
    expect(schoolTabOf('/admin/school/nope', '/admin/school')).toBe('overview');
  });
});

function schoolHandler(extra: (c: Call) => Response | undefined = () => undefined) {
  return (c: Call): Response => {
    const e = extra(c);
    if (e) return e;
    const path = new URL(c.url, 'http://x').pathname;
    if (path.endsWith('/health')) return res(200, { status: 'ok', services: {}, not_ready: [] });
    if (path === '/api/v1/schools/sch1/credits') return res(200, credits);
    if (path === '/api/v1/schools/sch1/activity') return res(200, { school_id: 'sch1', days: 7, since: recent, submissions: 4 });
    if (path === '/api/v1/schools/sch1/classes')
      return res(200, { classes: [{ id: 'c1', school_id: 'sch1', name: 'EE cohort', pool_cap: 2 }], total: 1 });
    if (path === '/api/v1/schools/sch1') return res(200, school);
    if (path === '/api/v1/schools/sch1/members')
      return res(200, {
        members: [
          member({}),
          member({ user_id: 'm2', name: 'Ben Pending', email: 'ben@riverside.org', status: 'pending', awaiting: 'school' }),
        ],
        total: 2,
      });
    return res(404, { detail: `no route ${c.method} ${path}`, code: 'NOT_FOUND' });
  };
}

describe('School area screens', () => {
  test('a school admin lands on their school and cannot open the platform screens', async () => {
    renderRemote(AdminApp, '/admin/*', {
      path: '/admin/users',
      handler: schoolHandler(),
      user: schoolAdmin,
      otherRoutes: <Route path="*" element={<Where />} />,
    });
    await screen.findByTestId('school-overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Riverside IB' })).toBeTruthy();
    expect(within(screen.getByTestId('school-count-students')).getByText('60')).toBeTruthy();
    expect(within(screen.getByTestId('school-credits-left')).getByText('120')).toBeTruthy();
    // every submission of the members this week (evaluation), of which the pool paid one (its ledger)
    expect(within(screen.getByTestId('school-essays-week')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('school-essays-week')).getByText(/1 from the pool/)).toBeTruthy();
    // the pool's use per class (names from the class list; the cap reached in red) and per member
    const byClass = screen.getByTestId('school-pool-by-class');
    expect(await within(byClass).findByText('EE cohort')).toBeTruthy();
    expect(within(byClass).getByText('(not listed)')).toBeTruthy();
    expect(await within(screen.getByTestId('school-pool-by-student')).findByText('Ann Lee')).toBeTruthy();
    // the menu is the school admin's: no platform screens
    expect(screen.queryByText('Users')).toBeNull();
    expect(screen.queryByText('Rubrics')).toBeNull();
  });

  test("another school's address: 'School not found' (the server's 404), none of its data; their own opens", async () => {
    renderRemote(AdminApp, '/admin/*', {
      path: '/admin/schools/sch2',
      handler: schoolHandler((c) =>
        c.url.includes('/schools/sch2') ? res(404, { detail: 'School not found', code: 'SCHOOL_NOT_FOUND' }) : undefined,
      ),
      user: schoolAdmin,
    });
    const missing = await screen.findByTestId('school-not-found');
    expect(within(missing).getByText('School not found')).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'My school' }).getAttribute('href')).toBe('/admin/school');
    expect(screen.queryByTestId('school-overview')).toBeNull();
    expect(screen.queryByRole('link', { name: /All schools/ })).toBeNull();
    fireEvent.click(within(missing).getByRole('link', { name: 'My school' }));
    await screen.findByTestId('school-overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Riverside IB' })).toBeTruthy();
  });

  test("a school's teacher who is not its admin has no School area: /admin/school is their Classes (issue 31)", async () => {
    renderRemote(AdminApp, '/admin/*', {
      path: '/admin/school',
      handler: schoolHandler(),
      user: plainTeacher,
      otherRoutes: <Route path="*" element={<Where />} />,
    });
    await screen.findByTestId('teacher-classes');
  });

  test('a teacher without a school is sent to sign in', async () => {
    renderRemote(AdminApp, '/admin/*', {
      path: '/admin/classes',
      handler: schoolHandler(),
      user: { ...plainTeacher, school: null },
      otherRoutes: <Route path="*" element={<Where />} />,
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/auth');
  });

  test("members: approve, and the invite form shows the server's refusal word for word", async () => {
    const restore = viewportWidth(375);
    try {
      const detail = 'This user belongs to another school: a user is in at most one school at a time.';
      const { calls } = renderRemote(AdminApp, '/admin/*', {
        path: '/admin/school/members',
        user: schoolAdmin,
        handler: schoolHandler((c) => {
          if (c.method === 'PATCH') return res(200, member({ user_id: 'm2', status: 'active' }));
          if (c.method === 'POST' && c.url.includes('/members')) return res(409, { detail, code: 'IN_ANOTHER_SCHOOL' });
          return undefined;
        }),
      });
      // a phone: cards, not a table
      await waitFor(() => expect(screen.getAllByTestId('school-member-card')).toHaveLength(2));
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
      const patch = calls.find((c) => c.method === 'PATCH')!;
      expect(patch.url).toContain('/api/v1/schools/sch1/members/m2');
      expect(patch.body).toEqual({ status: 'active' });

      fireEvent.click(screen.getByRole('button', { name: /Invite member/ }));
      fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'zed@other.org' } });
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zed Other' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
      expect((await screen.findByTestId('invite-error')).textContent).toContain(detail);
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.body).toEqual({ email: 'zed@other.org', name: 'Zed Other', role: 'student' });
    } finally {
      restore();
    }
  });

  test('roster import: dry run, the table and row errors, then apply', async () => {
    const result = (dry: boolean): RosterImportResult => ({
      id: dry ? 'i1' : 'i2',
      dry_run: dry,
      applied: !dry,
      format: 'oneroster-1.2',
      files: ['users.csv'],
      rows: 3,
      created: 2,
      updated: 0,
      deactivated: 0,
      moved: 0,
      unchanged: 0,
      classes_created: 1,
      classes_updated: 0,
      enrolments_added: 2,
      enrolments_removed: 0,
      errors: [{ file: 'users.csv', line: 4, message: 'Missing email' }],
      error_count: 1,
      skipped: [],
      details: {
        create: [
          { email: 'a@riverside.org', name: 'Amy Ark', role: 'student', file: 'users.csv', line: 2 },
          { email: 'b@riverside.org', name: 'Bo Bell', role: 'teacher', file: 'users.csv', line: 3 },
        ],
        update: [],
        deactivate: [],
        moves: [],
        classes_create: [{ name: 'Biology HL', subject: 'Biology', session: null }],
        classes_update: [],
        truncated: false,
      },
    });
    // The apply runs in the background: 202 with the import running, then its status until done.
    const status = (done: number, finished: boolean): RosterImportStatus => ({
      id: 'i2',
      dry_run: false,
      status: finished ? 'done' : 'running',
      by: { user_id: 'u1', name: 'Hana Head', email: 'hana@riverside.org' },
      started_at: '2026-11-29T10:00:00.000Z',
      finished_at: finished ? '2026-11-29T10:00:02.000Z' : null,
      format: 'oneroster-1.2',
      files: ['users.csv'],
      rows: 3,
      counts: {
        created: finished ? 2 : 1,
        updated: 0,
        deactivated: 0,
        moved: 0,
        unchanged: 0,
        classes_created: 1,
        classes_updated: 0,
        enrolments_added: finished ? 2 : 1,
        enrolments_removed: 0,
      },
      error_count: 1,
      progress: { done, total: 5 },
      errors: [{ file: 'users.csv', line: 4, message: 'Missing email' }],
      result: finished ? result(false) : null,
    });
    let asked = 0;
    const { calls } = renderRemote(AdminApp, '/admin/*', {
      path: '/admin/school/roster',
      user: schoolAdmin,
      handler: schoolHandler((c) => {
        if (c.url.includes('/roster/imports/i2')) return res(200, status(++asked === 1 ? 3 : 5, asked > 1));
        if (c.url.includes('/roster/imports')) return res(200, { imports: [] });
        if (c.url.includes('/roster/import')) {
          return c.url.includes('dry_run=true') ? res(200, result(true)) : res(202, status(0, false));
        }
        return undefined;
      }),
    });
    await screen.findByTestId('roster-import');
    expect(await screen.findByText('No imports yet')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect((await screen.findByTestId('roster-error')).textContent).toContain('Choose the roster files');

    const input = screen.getByTestId('roster-import').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['sourcedId,email\n'], 'users.csv', { type: 'text/csv' })] } });
    await screen.findByText('users.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    const table = await screen.findByTestId('roster-changes');
    expect(within(table).getByText('Amy Ark')).toBeTruthy();
    expect(within(table).getByText('Biology HL')).toBeTruthy();
    expect(within(screen.getByTestId('roster-errors')).getByText('Missing email')).toBeTruthy();
    expect(screen.getByText('Dry run: what would change')).toBeTruthy();
    const dry = calls.find((c) => c.url.includes('/roster/import?'))!;
    expect(dry.url).toContain('dry_run=true');
    expect(dry.body).toBeInstanceOf(FormData);

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const progress = await screen.findByTestId('roster-progress');
    await waitFor(() => expect(progress.textContent).toContain('Applying: 3 of 5 changes · 1 created'), { timeout: 5000 });
    await waitFor(() => expect(progress.getAttribute('data-status')).toBe('done'), { timeout: 5000 });
    expect(progress.textContent).toContain('Applied · 2 created, 2 enrolments · 1 error(s)');
    await screen.findByText('Applied', { selector: '.ant-card-head-title' });
    const apply2 = calls.find((c) => c.url.includes('dry_run=false'))!;
    expect(apply2.url).toContain('async=true');
    expect(asked).toBe(2);
  });

  test('a super admin lists schools, creates one and grants pool credits with a note', async () => {
    const { calls } = renderRemote(AdminApp, '/admin/*', {
      path: '/admin/schools',
      user: superAdmin,
      otherRoutes: <Route path="*" element={<Where />} />,
      handler: schoolHandler((c) => {
        const path = new URL(c.url, 'http://x').pathname;
        if (path === '/api/v1/schools' && c.method === 'GET') return res(200, { schools: [school], total: 1 });
        if (path === '/api/v1/schools' && c.method === 'POST')
          return res(400, { detail: 'A school needs a name', code: 'VALIDATION_ERROR' });
        if (path === '/api/v1/schools/sch1/credits' && c.method === 'POST')
          return res(201, { ...credits, balance: 170, entry: credits.entries[0] });
        return undefined;
      }),
    });
    expect(await screen.findByText('Riverside IB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    fireEvent.change(await screen.findByLabelText('Credits'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'invoice 2027-014' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/schools/sch1/credits'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ credits: 50, note: 'invoice 2027-014' });
    expect(await screen.findByText(/Riverside IB has 170 credits left/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New school/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Hillside' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'gb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create school' }));
    expect((await screen.findByTestId('create-school-error')).textContent).toContain('A school needs a name');
    expect(calls.filter((c) => c.method === 'POST').pop()!.body).toEqual({ name: 'Hillside', country: 'GB' });
  });
});

describe('in French and Spanish (issue 36)', () => {
  afterEach(() => act(() => setLocale('en')));

  test("the school's overview in French", async () => {
    act(() => setLocale('fr'));
    renderRemote(AdminApp, '/admin/*', { path: '/admin/school', handler: schoolHandler(), user: schoolAdmin });
    const overview = await screen.findByTestId('school-overview');
    await within(overview).findByText('Prochaines étapes');
    expect(within(screen.getByTestId('school-count-students')).getByText('Élèves')).toBeTruthy();
    expect(within(screen.getByTestId('school-count-pending')).getByText('1 désactivé(s)')).toBeTruthy();
    expect(within(screen.getByTestId('school-essays-week')).getByText(/1 sur la réserve/)).toBeTruthy();
    expect(within(screen.getByTestId('school-credits-left')).getByText('200 accordés, 80 utilisés')).toBeTruthy();
    expect(await within(screen.getByTestId('school-pool-by-class')).findByText('(non répertorié)')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Import de liste' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inviter des membres' })).toBeTruthy();
    expect(screen.getByText('GB · Code IB 001234 · Europe/London')).toBeTruthy();
  });

  test("the default language: the settings' select (in Spanish) saves PATCH /schools/{id} { default_locale }", async () => {
    act(() => setLocale('es'));
    const patches: unknown[] = [];
    renderRemote(AdminApp, '/admin/*', {
      path: '/admin/school/settings',
      handler: schoolHandler((c) => {
        if (c.method !== 'PATCH' || !c.url.endsWith('/schools/sch1')) return undefined;
        patches.push(c.body);
        return res(200, { ...school, default_locale: 'fr', updated_at: '2026-11-02T10:00:00Z' });
      }),
      user: schoolAdmin,
    });
    const card = await screen.findByTestId('school-settings');
    await within(card).findByText('Idioma predeterminado');
    // a school that never chose one reads English
    const select = within(card).getByTestId('school-default-locale');
    expect(select.textContent).toContain('English');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option-content')].find((o) => o.textContent === 'Français');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(option);
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() => expect(patches).toEqual([{ default_locale: 'fr' }]));
    await screen.findByText('Ajustes guardados');
    await waitFor(() =>
      expect(within(screen.getByTestId('school-settings')).getByTestId('school-default-locale').textContent).toContain('Français'),
    );
  });
});
