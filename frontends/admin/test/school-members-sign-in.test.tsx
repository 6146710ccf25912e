// antd under jsdom is slow; see screens.test.tsx
jest.setTimeout(90000);

import { screen, waitFor, within } from '@testing-library/react';
import { normalizeUser, type School, type SchoolMember } from '@corestone/sdk';
import AdminApp from '../src/exposes/AdminApp';
import { createIntl } from 'react-intl';
import { lastSignInText } from '../src/components/school/SchoolMembers';

const intl = createIntl({ locale: 'en' });
import { renderRemote } from '../../test-support/remote';
import { res, viewportWidth, type Call } from '../../test-support/helpers';

/** Issue 32: the School area's members list shows how each member last signed in. */
beforeAll(() => import('../src/pages/School'));

const schoolAdmin = normalizeUser({
  id: 'u-sa',
  email: 'head@school.org',
  first_name: 'Hana',
  last_name: 'Head',
  user_type: 'teacher',
  school: { id: 'sch1', name: 'Riverside IB', role: 'school_admin', status: 'active' },
})!;
const school: School = {
  id: 'sch1',
  name: 'Riverside IB',
  country: 'GB',
  ib_school_code: '001234',
  time_zone: 'Europe/London',
  email_domains: ['riverside.org'],
  microsoft_tenant_ids: ['8d88c9c2-2058-486d-9cd4-2fc9010326bc'],
  settings: { students_may_buy_credits: true, ai_grader_enabled: true, pool_enabled: true, pool_cap_per_student: null, require_sso: true },
  counts: { school_admins: 1, teachers: 1, students: 2, pending: 0, deactivated: 0, classes: 0, archived_classes: 0 },
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
  joined_by: 'email_domain',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});
const members = [
  member({ last_sign_in: { method: 'microsoft', at: '2031-03-02T08:30:00Z' } }),
  member({ user_id: 'm2', name: 'Ben Google', email: 'ben@riverside.org', last_sign_in: { method: 'google', at: '2031-03-01T08:30:00Z' } }),
  member({
    user_id: 'm3',
    name: 'Cy Password',
    email: 'cy@riverside.org',
    school_role: 'teacher',
    last_sign_in: { method: 'password', at: '2031-02-28T08:30:00Z' },
  }),
  member({ user_id: 'm4', name: 'Di Never', email: 'di@riverside.org', joined_by: 'roster', last_sign_in: null }),
];
const handler = (c: Call): Response => {
  const path = new URL(c.url, 'http://x').pathname;
  if (path.endsWith('/health')) return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (path === '/api/v1/schools/sch1') return res(200, school);
  if (path === '/api/v1/schools/sch1/members') return res(200, { members, total: members.length });
  return res(404, { detail: `no route ${c.method} ${path}`, code: 'NOT_FOUND' });
};

test('the text: method and day, or Never (also for an answer without the field, from an older server)', () => {
  expect(lastSignInText(members[0]!, intl)).toBe('Microsoft · 2 Mar 2031');
  expect(lastSignInText(members[2]!, intl)).toBe('Password · 28 Feb 2031');
  expect(lastSignInText(members[3]!, intl)).toBe('Never');
  expect(lastSignInText(member({}), intl)).toBe('Never');
});

test('the members table has a Last sign-in column', async () => {
  const restore = viewportWidth(1400);
  try {
    renderRemote(AdminApp, '/admin/*', { path: '/admin/school/members', user: schoolAdmin, handler });
    const header = await screen.findByRole('columnheader', { name: 'Last sign-in' });
    expect(header).toBeTruthy();
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await waitFor(() => expect(screen.getByText('Ann Lee')).toBeTruthy());
    expect(within(row('Ann Lee')).getByText('Microsoft · 2 Mar 2031')).toBeTruthy();
    expect(within(row('Ben Google')).getByText('Google · 1 Mar 2031')).toBeTruthy();
    expect(within(row('Cy Password')).getByText('Password · 28 Feb 2031')).toBeTruthy();
    expect(within(row('Di Never')).getByText('Never')).toBeTruthy();
  } finally {
    restore();
  }
});

test('on a phone each member card says it too', async () => {
  const restore = viewportWidth(375);
  try {
    renderRemote(AdminApp, '/admin/*', { path: '/admin/school/members', user: schoolAdmin, handler });
    await waitFor(() => expect(screen.getAllByTestId('school-member-card')).toHaveLength(4));
    expect(within(screen.getAllByTestId('school-member-card')[0]!).getByText(/Last sign-in: Microsoft · 2 Mar 2031/)).toBeTruthy();
  } finally {
    restore();
  }
});
