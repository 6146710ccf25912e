// antd under jsdom is slow; see student.test.tsx
jest.setTimeout(90000);

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MySchool, SchoolClass } from '@corestone/sdk';
import { joinCodeInput, membershipView } from '../src/lib/school';
import { res, viewportWidth, type Call } from '../../test-support/helpers';
import { renderDashboard } from './render-dashboard';
import { student } from './fixtures';

const klass = (over: Partial<SchoolClass> = {}): SchoolClass => ({
  id: 'c1',
  school_id: 'sch1',
  name: 'History HL',
  subject: 'History',
  session: 'May 2027',
  join_code: null,
  archived_at: null,
  teachers: [{ user_id: 't1', name: 'Tom Teach' }],
  student_count: 12,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});
const school = {
  id: 'sch1',
  name: 'Riverside IB',
  settings: { students_may_buy_credits: false, ai_grader_enabled: true, pool_enabled: true, pool_cap_per_student: null },
} as MySchool['school'];
const mine = (over: Partial<MySchool> = {}): MySchool => ({
  school,
  school_role: 'student',
  status: 'active',
  awaiting: null,
  classes: [klass()],
  ...over,
});
const alone: MySchool = { school: null, school_role: null, status: null, awaiting: null, classes: [] };

function api(my: MySchool, join?: (c: Call) => Response) {
  return (c: Call): Response => {
    if (c.url.includes('/evaluation/my-evaluations')) return res(200, { evaluations: [], total: 0 });
    if (c.url.includes('/schools/mine')) return res(200, my);
    if (c.url.includes('/classes/join') && join) return join(c);
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  };
}

test('the membership as the card tells it', () => {
  expect(membershipView(alone)).toEqual({ kind: 'none' });
  expect(membershipView(mine({ status: 'pending', awaiting: 'school' })).kind).toBe('pending');
  expect(membershipView(mine({ status: 'pending', awaiting: 'member' })).kind).toBe('invited');
  expect(membershipView(mine({ status: 'deactivated' })).kind).toBe('deactivated');
  expect(membershipView(mine()).kind).toBe('active');
  expect(joinCodeInput('  k7qx-3mpa ')).toBe('k7qx-3mpa');
  expect(joinCodeInput('   ')).toBeNull();
});

test('the overview shows the school and its classes', async () => {
  renderDashboard('/dashboard', api(mine()), student);
  const card = await screen.findByTestId('school-card');
  await waitFor(() => expect(within(card).getByTestId('school-name').textContent).toBe('Riverside IB'));
  const classes = within(card).getByTestId('my-classes');
  expect(within(classes).getByText('History HL')).toBeTruthy();
  expect(within(classes).getByText('History · May 2027 · with Tom Teach')).toBeTruthy();
  expect(within(card).getByTestId('school-pool-note').textContent).toBe("Your essays are graded from your school's credits, not your own.");
});

test("joining with a code: the server's refusal word for word, then a class joined and the school shown", async () => {
  const restore = viewportWidth(375);
  try {
    let answer: Response = res(404, { detail: 'No class has this code. Please check it with your teacher.', code: 'JOIN_CODE_UNKNOWN' });
    const { calls, props } = renderDashboard(
      '/dashboard',
      api(alone, () => answer),
      student,
    );
    const card = await screen.findByTestId('school-card');
    await within(card).findByText(/You are not in a school/);
    fireEvent.click(within(card).getByRole('button', { name: 'Join class' }));
    expect((await within(card).findByTestId('join-error')).textContent).toBe('Please enter the class code your teacher gave you');

    fireEvent.change(within(card).getByLabelText('Class code'), { target: { value: ' zzzz-9999 ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Join class' }));
    await waitFor(() =>
      expect(within(card).getByTestId('join-error').textContent).toBe('No class has this code. Please check it with your teacher.'),
    );
    expect(calls.find((c) => c.url.includes('/classes/join'))!.body).toEqual({ code: 'zzzz-9999' });

    answer = res(200, { class: klass(), joined_school: true, mine: mine() });
    fireEvent.click(within(card).getByRole('button', { name: 'Join class' }));
    await waitFor(() => expect(within(card).getByTestId('school-name').textContent).toBe('Riverside IB'));
    expect(within(card).getByText('History HL')).toBeTruthy();
    expect(within(card).queryByTestId('join-error')).toBeNull();
    expect(props.refreshUser).toHaveBeenCalled();
  } finally {
    restore();
  }
});

test('no card where the server has no schools (GET /schools/mine → 404)', async () => {
  const handler = (status: number) => (c: Call) =>
    c.url.includes('/schools/mine')
      ? res(status, { detail: 'Route GET /api/v1/schools/mine not found', code: 'NOT_FOUND' })
      : api(alone)(c);
  renderDashboard('/dashboard', handler(404), student);
  await screen.findByText('No submissions yet. Upload your first essay to get feedback.');
  await waitFor(() => expect(screen.queryByTestId('school-card')).toBeNull());
});

test('a failing school load says so, with its own retry', async () => {
  let status = 503;
  const { calls } = renderDashboard(
    '/dashboard',
    (c) =>
      c.url.includes('/schools/mine') && status !== 200
        ? res(status, { detail: 'Service unavailable', code: 'UNAVAILABLE' })
        : api(mine())(c),
    student,
  );
  const card = await screen.findByTestId('school-card');
  await within(card).findByText('Failed to load your school. Please try again.');
  status = 200;
  fireEvent.click(within(card).getByRole('button', { name: 'Reload School' }));
  await waitFor(() => expect(within(card).getByTestId('school-name').textContent).toBe('Riverside IB'));
  expect(calls.filter((c) => c.url.includes('/schools/mine'))).toHaveLength(2);
});
