/**
 * How a session ends in the whole shell: a deactivated account lands on sign-in with the spec's
 * text; Logout signs out at once (the server told after) and the next visit says nothing; a used
 * reset link says so as the page's error and leads to the forgot-password form.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { res, viewportWidth, type Call } from '../../test-support/helpers';
import { ACCOUNT_DEACTIVATED_MESSAGE, type CorestoneClient, type RemoteAppProps } from '@corestone/sdk';
import { Root } from '../src/App';
import { MANIFEST_URL } from '../src/federation';
import { lastProps } from './federation-runtime-stub';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const student = { id: 'u1', email: 'mia@school.org', first_name: 'Mia', user_type: 'student', essay_credits: 1, max_essay_credits: 1 };
const manifest = { remotes: { student: { url: '/mf/student/remoteEntry.js' }, admin: { url: '/mf/admin/remoteEntry.js' } } };
const SESSION_KEYS = ['access_token', 'refresh_token', 'user', 'user_role'];
const SESSION_EXPIRED = 'Session expired. Please log in again.';

let calls: Call[] = [];
let restoreWidth: () => void = () => undefined;
afterEach(() => restoreWidth());

/** Root at `path`; `signedIn` stores a student's session; `api` answers the calls the test cares about. */
function renderShell(path: string, api: (c: Call) => Response | Promise<Response> | undefined, signedIn = true) {
  restoreWidth = viewportWidth(1366); // the header's full bar (Logout / Sign In buttons)
  localStorage.clear();
  if (signedIn) {
    localStorage.setItem('access_token', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    localStorage.setItem('refresh_token', 'r1');
    localStorage.setItem('user', JSON.stringify(student));
  }
  calls = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const call = {
      url: String(url),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    if (call.url === MANIFEST_URL) return res(200, manifest);
    if (call.url.endsWith('/external_links/public')) return res(200, { links: [] });
    if (call.url.endsWith('/auth/providers')) return res(200, { google: false });
    const answer = await api(call);
    if (answer) return answer;
    if (call.url.endsWith('/auth/me') && call.headers.Authorization) return res(200, student);
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  }) as typeof fetch;
  window.history.pushState({}, '', path);
  return render(<Root splash={false} />);
}

const dashboardProps = async () => {
  await screen.findByTestId('remote');
  return lastProps.get('student/DashboardApp') as unknown as RemoteAppProps;
};

const expectSignedOut = () => {
  for (const k of SESSION_KEYS) expect(localStorage.getItem(k)).toBeNull();
};

describe('a deactivated account', () => {
  test("the student's next action lands on sign-in with the deactivated text", async () => {
    renderShell('/dashboard', (c) =>
      c.url.endsWith('/users/me') && c.method === 'PUT'
        ? res(403, {
            detail: 'Account deactivated: your account has been deactivated. Please contact support.',
            code: 'ACCOUNT_DEACTIVATED',
          })
        : undefined,
    );
    const { client } = await dashboardProps();
    await act(async () => {
      await (client as CorestoneClient).users.updateMe({ first_name: 'Mia' }).catch(() => undefined);
    });
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_DEACTIVATED_MESSAGE);
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
    expectSignedOut();
  });
});

describe('logout', () => {
  test('from the dashboard: signed out and home at once, the server told with the tokens; the next visit says nothing', async () => {
    let serverAnswers!: () => void;
    const view = renderShell('/dashboard', (c) =>
      c.url.endsWith('/auth/logout') ? new Promise<Response>((r) => (serverAnswers = () => r(res(200, { success: true })))) : undefined,
    );
    const { logout } = await dashboardProps();
    act(() => void logout());
    expectSignedOut(); // before the server has answered: leaving the page now keeps nothing
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect((await screen.findAllByRole('button', { name: 'Sign In' })).length).toBeGreaterThan(0);
    const told = calls.find((c) => c.url.endsWith('/auth/logout'))!;
    expect(told.headers.Authorization).toMatch(/^Bearer /);
    expect(told.body).toEqual({ refresh_token: 'r1' });
    await act(async () => serverAnswers());
    expectSignedOut();

    // the person leaves and comes back
    view.unmount();
    cleanup();
    renderShell('/', () => undefined, false);
    expect((await screen.findAllByRole('button', { name: 'Sign In' })).length).toBeGreaterThan(0);
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
    expect(calls.some((c) => c.url.includes('/auth/refresh') || c.url.includes('/auth/me'))).toBe(false);
  });

  test('from the public header on a signed-in page: home, not sign-in', async () => {
    renderShell('/upload/ee', () => undefined);
    await screen.findByTestId('remote');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expectSignedOut();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await new Promise((r) => setTimeout(r, 50));
    expect(window.location.pathname).toBe('/');
  });
});

describe('a used or expired reset link', () => {
  test("says 'Invalid reset token' as the page's error and leads to the forgot-password form", async () => {
    renderShell(
      '/reset-password?token=used-once',
      (c) =>
        c.url.endsWith('/auth/reset-password') ? res(400, { detail: 'Invalid reset token', code: 'INVALID_RESET_TOKEN' }) : undefined,
      false,
    );
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new-password-2' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/auth/reset-password'))).toBe(true));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid reset token' })).toBeTruthy();
    expect(screen.getByText(/This link has already been used or has expired: each link works once, for a limited time\./)).toBeTruthy();
    expect(screen.queryByLabelText('Confirm New Password')).toBeNull(); // not a field error under the form
    fireEvent.click(screen.getByRole('button', { name: 'Request a New Link' }));
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('form', { name: 'Forgot password form' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });
});
