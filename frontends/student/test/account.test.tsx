jest.mock('../src/lib/navigation', () => ({ goToUrl: jest.fn() }));

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { ApiError, createClient, normalizeUser, type RemoteAppProps, type SessionUser } from '@corestone/sdk';
import DashboardApp from '../src/exposes/DashboardApp';
import { goToUrl } from '../src/lib/navigation';
import { priceLabel, creditsLabel } from '../src/pages/Plans';
import { avatarFailureText, checkAvatar, hasUploadedAvatar } from '../src/lib/avatar';
import { fakeFetch, res, type Call } from '../../test-support/helpers';
import { TOK_TITLES } from './fixtures';

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

const student = normalizeUser({
  id: 'u1',
  email: 'ann@school.org',
  first_name: 'Ann',
  user_type: 'student',
  subscription_plan: 'core_pack',
  essay_credits: 0,
  max_essay_credits: 5,
  created_at: '2025-01-05T00:00:00Z',
})!;

const PLANS = [
  {
    name: 'free',
    display_name: 'Free',
    description: 'Try it',
    price: 0,
    billing_period: 'one_time',
    essay_credits: 1,
    features: ['1 evaluation'],
  },
  {
    name: 'core_pack',
    display_name: 'Core Pack',
    description: 'Occasional',
    price: 19.99,
    billing_period: 'one_time',
    essay_credits: 5,
    features: ['5 evaluations'],
  },
  {
    name: 'super_core_pack',
    display_name: 'Super Core Pack',
    description: 'Regular',
    price: 35.99,
    billing_period: 'one_time',
    essay_credits: 10,
    features: ['10 evaluations'],
  },
  {
    name: 'power_user_monthly',
    display_name: 'Power User',
    description: 'Schools',
    price: null,
    billing_period: 'month',
    essay_credits: -1,
    features: ['Unlimited'],
  },
];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function setup(path: string, handler: (c: Call) => Response, user: SessionUser = student, refreshed: SessionUser = user) {
  localStorage.clear();
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const refreshUser = jest.fn(async () => refreshed);
  const props: RemoteAppProps = { user, client, refreshUser, logout: jest.fn(async () => {}) };
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/dashboard/*"
            element={
              <>
                <DashboardApp {...props} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
  return { ...f, refreshUser };
}
const apiPath = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;
const base = (extra: Record<string, (c: Call) => Response>) => (c: Call) => {
  const p = apiPath(c);
  if (extra[p]) return extra[p]!(c);
  if (p === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  if (p === '/plans/plans') return res(200, PLANS);
  if (p === '/evaluation/my-evaluations') return res(200, { evaluations: [], total: 0 });
  return res(404, { detail: `Route GET ${p} not found`, code: 'NOT_FOUND' });
};
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });
const planButton = (name: string) => screen.getByTestId(`plan-${name}`).querySelector('button') as HTMLButtonElement;

afterEach(() => (goToUrl as jest.Mock).mockReset());

describe('plans', () => {
  test('labels and button rules: the held pack is bought again, free disabled, Contact Us, Purchase', async () => {
    setup('/dashboard/plans', base({}));
    expect(await screen.findByTestId('plan-core_pack')).toBeTruthy();
    // the held pack stays marked as the current plan and can be bought again (its credits add up)
    expect(screen.getByTestId('plan-core_pack').textContent).toContain('Current Plan');
    expect(planButton('core_pack').textContent).toBe('Buy again');
    expect(planButton('core_pack').disabled).toBe(false);
    expect(screen.getByText('Buying it again adds 5 essay credits to the ones you have.')).toBeTruthy();
    expect(planButton('free').disabled).toBe(true);
    expect(planButton('power_user_monthly').textContent).toBe('Contact Us');
    expect(planButton('super_core_pack').textContent).toBe('Purchase');
    expect(planButton('super_core_pack').disabled).toBe(false);
    expect(priceLabel({ price: null, billing_period: 'month' })).toBe('Contact');
    expect(priceLabel({ price: 0, billing_period: 'one_time' })).toBe('Free');
    expect(priceLabel({ price: 35.99, billing_period: 'one_time' })).toBe('$35.99/one time');
    expect([creditsLabel(-1), creditsLabel(5)]).toEqual(['Unlimited essay credits', '5 essay credits']);
  });

  test('Purchase: Processing..., then full-page navigation to checkout_url with success/cancel urls', async () => {
    let answer!: (r: Response) => void;
    const f = setup(
      '/dashboard/plans',
      base({ '/subscription/create-checkout-session': () => new Promise<Response>((r) => (answer = r)) as unknown as Response }),
    );
    await screen.findByTestId('plan-super_core_pack');
    await click(planButton('super_core_pack'));
    expect(planButton('super_core_pack').textContent).toContain('Processing...');
    await act(async () => answer(res(200, { checkout_url: 'http://localhost/checkout/cs_123' })));
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/checkout/cs_123'));
    const call = f.calls.find((c) => c.url.endsWith('/subscription/create-checkout-session'))!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      plan_type: 'super_core_pack',
      success_url: `${location.origin}/dashboard?plan=success`,
      cancel_url: `${location.origin}/dashboard?plan=cancelled`,
    });
  });

  test('a missing checkout route never shows its route text', async () => {
    setup(
      '/dashboard/plans',
      base({
        '/subscription/create-checkout-session': () =>
          res(404, { detail: 'Route POST /api/v1/subscription/create-checkout-session not found', code: 'NOT_FOUND' }),
      }),
    );
    await screen.findByTestId('plan-super_core_pack');
    await click(planButton('super_core_pack'));
    expect(await screen.findByText('Failed to initiate purchase. Please try again.')).toBeTruthy();
    expect(screen.getByText('Purchase Failed')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Route POST');
    expect(goToUrl).not.toHaveBeenCalled();
    expect(planButton('super_core_pack').textContent).toBe('Purchase');
  });

  test('Buy again on the held pack starts its checkout like any purchase', async () => {
    const f = setup(
      '/dashboard/plans',
      base({
        '/subscription/create-checkout-session': () => res(200, { checkout_url: 'http://localhost/checkout/local/s2', session_id: 's2' }),
      }),
    );
    await screen.findByTestId('plan-core_pack');
    await click(planButton('core_pack'));
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/checkout/local/s2'));
    expect(f.calls.find((c) => c.url.endsWith('/subscription/create-checkout-session'))!.body).toMatchObject({ plan_type: 'core_pack' });
  });

  test('the held free or Power User plan stays "Current Plan" (disabled); an unlimited account has no pack to buy', async () => {
    const power = normalizeUser({ ...student, subscription_plan: 'power_user_monthly', essay_credits: 0, max_essay_credits: -1 })!;
    setup('/dashboard/plans', base({}), power);
    await screen.findByTestId('plan-power_user_monthly');
    expect([planButton('power_user_monthly').textContent, planButton('power_user_monthly').disabled]).toEqual(['Current Plan', true]);
    expect([planButton('core_pack').textContent, planButton('core_pack').disabled]).toEqual(['Purchase', true]);
    expect(planButton('super_core_pack').disabled).toBe(true);
    expect(screen.getByText('You have unlimited essay credits: there is nothing to buy.')).toBeTruthy();
  });

  const NOT_CONFIGURED =
    'Online payment is not configured on this server, so credits cannot be bought here. ' +
    'Schools and institutions can arrange credits with us through the contact page (/contact).';

  test('without online payment (production without Stripe keys) the page says so plainly, with the contact route, before any click', async () => {
    const f = setup(
      '/dashboard/plans',
      base({
        '/plans/payments': () => res(200, { online_payment: false, provider: null, detail: NOT_CONFIGURED, contact_path: '/contact' }),
      }),
    );
    const notice = await screen.findByTestId('payments-off');
    expect(notice.textContent).toContain('Online payment is not available on this site');
    expect(notice.textContent).toContain(NOT_CONFIGURED);
    expect(notice.querySelector('a')!.getAttribute('href')).toBe('/contact');
    expect(planButton('core_pack').disabled).toBe(true);
    expect(planButton('super_core_pack').disabled).toBe(true);
    expect(planButton('power_user_monthly').disabled).toBe(false); // the contact route stays open
    expect(f.calls.filter((c) => c.url.endsWith('/subscription/create-checkout-session'))).toEqual([]);
    expect(screen.queryByText('Purchase Failed')).toBeNull();
  });

  test("a checkout answered PAYMENTS_NOT_CONFIGURED is a plain notice with the contact route, not 'Purchase Failed'", async () => {
    setup(
      '/dashboard/plans',
      base({ '/subscription/create-checkout-session': () => res(503, { detail: NOT_CONFIGURED, code: 'PAYMENTS_NOT_CONFIGURED' }) }),
    );
    await screen.findByTestId('plan-super_core_pack');
    await click(planButton('super_core_pack'));
    expect(await screen.findByText('Online Payment Not Available')).toBeTruthy();
    expect(screen.queryByText('Purchase Failed')).toBeNull();
    expect((await screen.findByTestId('payments-off')).querySelector('a')!.getAttribute('href')).toBe('/contact');
    expect(planButton('super_core_pack').disabled).toBe(true);
    expect(goToUrl).not.toHaveBeenCalled();
  });

  test('a refused plan shows the server message', async () => {
    setup(
      '/dashboard/plans',
      base({
        '/subscription/create-checkout-session': () =>
          res(400, { detail: 'This plan cannot be bought in the app', code: 'VALIDATION_ERROR' }),
      }),
    );
    await screen.findByTestId('plan-super_core_pack');
    await click(planButton('super_core_pack'));
    expect(await screen.findByText('This plan cannot be bought in the app')).toBeTruthy();
  });
});

describe('returning from checkout', () => {
  test('/dashboard?plan=success refreshes the user, says Plan Activated! and drops the parameter', async () => {
    const upgraded = normalizeUser({
      ...student,
      user_type: 'student',
      subscription_plan: 'super_core_pack',
      essay_credits: 10,
      max_essay_credits: 10,
    })!;
    const { refreshUser } = setup('/dashboard?plan=success', base({}), student, upgraded);
    expect(await screen.findByText('Plan Activated!')).toBeTruthy();
    expect(screen.getByText('Your new plan has been activated successfully.')).toBeTruthy();
    expect(refreshUser).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });
});

describe('account refresh after checkout and the average grade', () => {
  test('refreshUntilAccountChanges retries until plan or credits change, then stops', async () => {
    const { refreshUntilAccountChanges } = await import('../src/lib/account');
    const upgraded = { ...student, essay_credits: 5 };
    const refresh = jest.fn().mockResolvedValueOnce(student).mockResolvedValueOnce(student).mockResolvedValue(upgraded);
    await expect(refreshUntilAccountChanges(refresh, student, { delayMs: 1 })).resolves.toBe(upgraded);
    expect(refresh).toHaveBeenCalledTimes(3);
    const never = jest.fn().mockResolvedValue(student);
    await refreshUntilAccountChanges(never, student, { tries: 4, delayMs: 1 });
    expect(never).toHaveBeenCalledTimes(4);
  });

  test('averageGradeOf: mean percentage of completed results', async () => {
    const { averageGradeOf } = await import('../src/lib/evaluation');
    const ev = (percentage: number) =>
      ({ status: 'completed', essay_type: 'ee', results: { percentage, criteria: [], overallSummary: {} } }) as never;
    expect(averageGradeOf([ev(90), ev(50)])).toBe('B · 70%');
    expect(averageGradeOf([ev(40)])).toBe('E · 40%');
    expect(averageGradeOf([])).toBe('—');
  });
});

describe('avatar', () => {
  test('checks and failure texts', () => {
    expect(checkAvatar({ name: 'me.PNG', size: 1000 })).toBeNull();
    expect(checkAvatar({ name: 'me.svg', size: 10, type: 'image/svg+xml' })).toBe('Please choose a PNG, JPEG or WebP image.');
    expect(checkAvatar({ name: 'me.jpg', size: 2 * 1024 * 1024 + 1 })).toBe('The image must be 2 MB or smaller.');
    expect(avatarFailureText(new ApiError(415, 'Unsupported image type'))).toBe('Please choose a PNG, JPEG or WebP image.');
    expect(avatarFailureText(new ApiError(503, 'Service users is unavailable'))).toBe('Failed to upload avatar');
    expect(hasUploadedAvatar('data:image/svg+xml;base64,xx')).toBe(false);
    expect(hasUploadedAvatar('/api/v1/users/avatars/ab.png')).toBe(true);
  });

  test('upload posts the file and refreshes the user; remove deletes it', async () => {
    const withPhoto = normalizeUser({ ...student, user_type: 'student', avatar: '/api/v1/users/avatars/0123.png' })!;
    const f = setup(
      '/dashboard/profile',
      base({
        '/users/me/avatar': (c) =>
          res(200, {
            id: 'u1',
            email: 'ann@school.org',
            user_type: 'student',
            avatar: c.method === 'DELETE' ? null : '/api/v1/users/avatars/0123.png',
          }),
      }),
      withPhoto,
    );
    const input = (await screen.findByTestId('avatar-input')) as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [png] } });
    });
    await waitFor(() => expect(f.calls.some((c) => c.url.endsWith('/users/me/avatar') && c.method === 'POST')).toBe(true));
    const post = f.calls.find((c) => c.method === 'POST')!;
    expect((post.body as FormData).get('file')).toBeTruthy();
    expect(await screen.findByText('Avatar Updated')).toBeTruthy();
    expect(f.refreshUser).toHaveBeenCalled();

    await click(screen.getByRole('button', { name: 'Remove avatar' }));
    await waitFor(() => expect(f.calls.some((c) => c.url.endsWith('/users/me/avatar') && c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Avatar Removed')).toBeTruthy();
  });

  test('a refused type is checked before any call', async () => {
    const f = setup('/dashboard/profile', base({}));
    const input = (await screen.findByTestId('avatar-input')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' })] } });
    });
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(f.calls.some((c) => c.url.includes('/avatar'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Remove avatar' })).toBeNull();
  });
});

describe('profile', () => {
  const label = (name: string) => screen.findByLabelText(name) as Promise<HTMLInputElement>;
  const type = (el: HTMLInputElement, value: string) =>
    act(async () => {
      fireEvent.change(el, { target: { value } });
    });

  test('saves trimmed names and the role, then shows what the server stored', async () => {
    const f = setup(
      '/dashboard/profile',
      base({
        '/users/me': (c) => {
          const sent = c.body as { user_type?: string };
          return res(200, { id: 'u1', email: 'ann@school.org', user_type: sent.user_type, first_name: 'Ann Marie', last_name: 'de Vries' });
        },
      }),
    );
    await type(await label('First Name'), '  Ann  Marie ');
    await type(await label('Last Name'), ' de Vries ');
    await click(screen.getByText('Teacher'));
    await click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    const put = f.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ first_name: 'Ann  Marie', last_name: 'de Vries', user_type: 'teacher' });
    expect((await label('First Name')).value).toBe('Ann Marie');
    expect((await label('Last Name')).value).toBe('de Vries');
    expect(f.refreshUser).toHaveBeenCalled();
  });

  test('refuses a blank first name before any call', async () => {
    const f = setup('/dashboard/profile', base({}));
    await type(await label('First Name'), '   ');
    await click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(f.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('change password: the spec texts, the server refusal, and cleared fields after success', async () => {
    let current = 'old-password';
    const f = setup(
      '/dashboard/profile',
      base({
        '/users/update-password': (c) => {
          const body = c.body as { current_password: string; new_password: string };
          if (body.current_password !== current)
            return res(400, {
              success: false,
              message: 'Current password is incorrect',
              detail: 'Current password is incorrect',
              code: 'INCORRECT_PASSWORD',
            });
          current = body.new_password;
          return res(200, { success: true, message: 'Password updated successfully' });
        },
      }),
    );
    const update = () => screen.getByRole('button', { name: 'Update Password' }) as HTMLButtonElement;
    await type(await label('New Password'), 'new-password-1');
    await type(await label('Confirm New Password'), 'new-password-2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(update().disabled).toBe(true);
    await type(await label('Confirm New Password'), 'new-password-1');
    await click(update());
    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();
    await type(await label('Current Password'), 'not-it');
    await click(update());
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    await type(await label('Current Password'), 'old-password');
    await click(update());
    expect(await screen.findByText('Password Updated')).toBeTruthy();
    expect(current).toBe('new-password-1');
    for (const name of ['Current Password', 'New Password', 'Confirm New Password']) expect((await label(name)).value).toBe('');
    expect(f.calls.filter((c) => c.url.endsWith('/users/update-password'))).toHaveLength(2);
  });
});

describe('search submissions', () => {
  const ev = (id: string, title: string, essay_type: string, subject_area: string, status = 'completed') => ({
    id,
    title,
    essay_type,
    subject_area,
    status,
    fileName: `${id}.docx`,
    extractedWordCount: 100,
    created_at: '2025-03-01T00:00:00Z',
    results: status === 'completed' ? { overallGrade: 'B', criteria: [], overallSummary: {} } : null,
  });
  const LIST = {
    evaluations: [
      ev('a', 'Causes of the 1929 Crash', 'ee', 'Economics'),
      ev('b', 'Knowledge and certainty', 'tok', ''),
      ev('c', 'Enzyme kinetics', 'ee', 'Biology', 'processing'),
    ],
    total: 3,
  };

  test('matchesSearch: every word in title, subject, type or file name', async () => {
    const { matchesSearch } = await import('../src/lib/search');
    expect(matchesSearch(LIST.evaluations[0] as never, 'crash economics')).toBe(true);
    expect(matchesSearch(LIST.evaluations[1] as never, 'TOK')).toBe(true);
    expect(matchesSearch(LIST.evaluations[0] as never, 'crash biology')).toBe(false);
    expect(matchesSearch(LIST.evaluations[2] as never, '  ')).toBe(true);
  });

  test('typing in the header search filters My Submissions; completed rows download the PDF', async () => {
    const f = setup(
      '/dashboard',
      base({
        '/evaluation/my-evaluations': () => res(200, LIST),
        '/evaluation/a/download-pdf': () => res(503, { detail: 'Service evaluation is unavailable', code: 'UPSTREAM_UNAVAILABLE' }),
      }),
    );
    const box = await screen.findByLabelText('Search submissions');
    await act(async () => {
      fireEvent.change(box, { target: { value: 'enzyme' } });
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/submissions?q=enzyme'));
    expect((await screen.findByTestId('search-note')).textContent).toContain('1 of 3 submissions match “enzyme”');
    expect(screen.getByText('Enzyme kinetics')).toBeTruthy();
    expect(screen.queryByText('Causes of the 1929 Crash')).toBeNull();

    await click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Causes of the 1929 Crash')).toBeTruthy();
    // only completed rows have a report to download
    expect(screen.queryByRole('button', { name: 'Download PDF report of Enzyme kinetics' })).toBeNull();
    await click(screen.getByRole('button', { name: 'Download PDF report of Causes of the 1929 Crash' }));
    expect(await screen.findByText('Failed to export the PDF report. Please try again.')).toBeTruthy();
    expect(f.calls.some((c) => c.url.endsWith('/evaluation/a/download-pdf'))).toBe(true);
  });
});

describe('TOK prescribed titles', () => {
  test('the wizard lists the titles the content service serves', async () => {
    const teacher = normalizeUser({ id: 'u3', user_type: 'teacher', essay_credits: 3, max_essay_credits: 5 })!;
    setup(
      '/dashboard/upload/tok',
      base({
        '/rubrics/active': () =>
          res(200, [
            { id: 'rt', title: 'TOK 2027', rubric_type: 'tok', status: 'active', scoring_structure: { total_points: 10, criteria: [] } },
          ]),
        '/general/tok-prescribed-titles': () => res(200, TOK_TITLES),
      }),
      teacher,
    );
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
    await screen.findByTestId('step-metadata');
    await act(async () => {
      fireEvent.mouseDown(
        document.querySelector('#meta-prescribed')!.closest('.ant-select')!.querySelector('.ant-select-selector') ??
          document.querySelector('#meta-prescribed')!,
      );
    });
    expect((await screen.findAllByText('Title 2: Can machines know?')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText(/^Title 17:/)).toHaveLength(0);
  });
});
