import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient, STORAGE_KEYS } from '@corestone/sdk';
import { SessionProvider, useSession } from '../src/session';
import { AuthPage } from '../src/pages/AuthPage';
import { GoogleCallbackPage } from '../src/pages/GoogleCallbackPage';
import { browserNavigation } from '../src/auth/google';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const user = {
  id: 'g1',
  user_id: 'g1',
  email: 'gina@school.org',
  first_name: 'Gina',
  last_name: 'Google',
  user_type: 'student',
  role: 'student',
  essay_credits: 1,
  max_essay_credits: 1,
};
/** An access token the client reads as valid (exp an hour ahead). */
const accessToken = (sub = 'g1') => `h.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

function Dashboard() {
  const { user: u } = useSession();
  return <div>DASHBOARD {u?.email}</div>;
}

/** Renders the app's auth routes at `url`; the browser's address (window.location) is set to it too. */
function renderAt(url: string, handler: (c: Call) => Response | Promise<Response>) {
  window.history.replaceState(null, '', url);
  const f = fakeFetch(handler as (c: Call) => Response);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntApp>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider client={client}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/admin/classes/c1" element={<p>CLASS c1</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

const path = (c: Call) => c.url.replace('/api/v1', '').split('?')[0];
const unauth = () => res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
const server =
  (google: boolean | 'broken', me: (c: Call) => Response | Promise<Response> = unauth) =>
  (c: Call) => {
    if (path(c) === '/auth/providers')
      return google === 'broken' ? res(502, { detail: 'Bad gateway', code: 'UPSTREAM_ERROR' }) : res(200, { google });
    if (path(c) === '/auth/me') return me(c);
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  };

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('Continue with Google on /auth', () => {
  test('is shown only when the server says Google is configured', async () => {
    const f = renderAt('/auth', server(false));
    await screen.findByTestId('signin-form');
    await waitFor(() => expect(document.querySelector('[data-google-signin="false"]')).not.toBeNull());
    expect(f.calls.some((c) => path(c) === '/auth/providers')).toBe(true);
    expect(screen.queryByText('Continue with Google')).toBeNull();
  });

  test('is hidden when the providers call fails', async () => {
    const f = renderAt('/auth', server('broken'));
    await screen.findByTestId('signin-form');
    await waitFor(() => expect(document.querySelector('[data-google-signin="false"]')).not.toBeNull());
    expect(f.calls.some((c) => path(c) === '/auth/providers')).toBe(true);
    expect(screen.queryByText('Continue with Google')).toBeNull();
  });

  test('is shown when configured (sign-in and sign-up) and navigates the whole page to the login URL', async () => {
    const go = jest.spyOn(browserNavigation, 'go').mockImplementation(() => {});
    renderAt('/auth', server(true));
    const button = await screen.findByTestId('google-login');
    expect(button.textContent).toContain('Continue with Google');
    expect(button.querySelector('.anticon-google')).not.toBeNull();
    fireEvent.click(screen.getByTestId('auth-toggle'));
    expect(screen.getByTestId('signup-form')).toBeTruthy();
    fireEvent.click(screen.getByTestId('google-login'));
    expect(go).toHaveBeenCalledWith('/api/v1/auth/google/login');
  });

  test('a failure to start shows Google Login Failed / Failed to initiate Google login', async () => {
    jest.spyOn(browserNavigation, 'go').mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    renderAt('/auth', server(true));
    fireEvent.click(await screen.findByTestId('google-login'));
    expect(await screen.findByText('Google Login Failed')).toBeTruthy();
    expect(screen.getByText('Failed to initiate Google login')).toBeTruthy();
  });

  test('/auth?error=google (auth refused the sign-in) shows Google Login Failed', async () => {
    renderAt('/auth?error=google', server(true));
    expect(await screen.findByText('Google Login Failed')).toBeTruthy();
    expect(screen.getByText('Google login failed')).toBeTruthy();
    expect(screen.getByTestId('signin-form')).toBeTruthy();
  });
});

describe('/auth/google/callback', () => {
  test('stores the tokens, fetches the user, clears the URL and goes to /dashboard', async () => {
    const access = accessToken();
    let answer!: () => void;
    const f = renderAt(
      `/auth/google/callback?access_token=${encodeURIComponent(access)}&refresh_token=r1.secret&oauth=success`,
      server(true, () => new Promise<Response>((resolve) => (answer = () => resolve(res(200, user))))),
    );
    expect(await screen.findByText('Completing Google sign-in...')).toBeTruthy();
    await waitFor(() => expect(f.calls.some((c) => path(c) === '/auth/me')).toBe(true));
    expect(screen.getByText('Completing Google sign-in...')).toBeTruthy();
    // the tokens are stored and gone from the address bar before the user is even fetched
    expect(window.location.pathname).toBe('/auth/google/callback');
    expect(window.location.search).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1.secret');
    await act(async () => answer());
    expect(await screen.findByText('DASHBOARD gina@school.org')).toBeTruthy();
    const me = f.calls.filter((c) => path(c) === '/auth/me');
    expect(me).toHaveLength(1);
    expect(me[0].headers.Authorization).toBe(`Bearer ${access}`);
  });

  test('a new Google session replaces an older one, stored user included', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken('old'));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'old.r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, id: 'old', email: 'old@school.org' }));
    const access = accessToken();
    renderAt(
      `/auth/google/callback?access_token=${access}&refresh_token=r2&oauth=success`,
      server(true, (c) => (c.headers.Authorization === `Bearer ${access}` ? res(200, user) : unauth())),
    );
    expect(await screen.findByText('DASHBOARD gina@school.org')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  test('an LTI launch lands on its next= path of this app; any other next= goes to /dashboard (issue 32)', async () => {
    const access = accessToken();
    const tokens = `access_token=${access}&refresh_token=r3&oauth=success`;
    renderAt(
      `/auth/google/callback?${tokens}&next=${encodeURIComponent('/admin/classes/c1')}`,
      server(true, () => res(200, user)),
    );
    expect(await screen.findByText('CLASS c1')).toBeTruthy();
    cleanup();
    renderAt(
      `/auth/google/callback?${tokens}&next=${encodeURIComponent('//evil.example/x')}`,
      server(true, () => res(200, user)),
    );
    expect(await screen.findByText('DASHBOARD gina@school.org')).toBeTruthy();
  });

  test('accepts the alternative token plus user', async () => {
    const access = accessToken();
    const f = renderAt(`/auth/google/callback?token=${access}&user=${encodeURIComponent(JSON.stringify(user))}`, server(true));
    expect(await screen.findByText('DASHBOARD gina@school.org')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(window.location.search).toBe('');
    expect(f.calls.some((c) => path(c) === '/auth/me')).toBe(false);
  });

  test('without the parameters: Authentication Failed / Invalid callback parameters, and a retry back to /auth', async () => {
    renderAt('/auth/google/callback?oauth=success&access_token=only-one', server(false));
    expect(await screen.findByText('Authentication Failed')).toBeTruthy();
    expect(screen.getByText('Invalid callback parameters')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    fireEvent.click(screen.getByText('Try Again'));
    expect(await screen.findByTestId('signin-form')).toBeTruthy();
  });

  test('when the user cannot be fetched: Failed to fetch user data, and nothing stays stored', async () => {
    renderAt(
      `/auth/google/callback?access_token=${accessToken()}&refresh_token=r1&oauth=success`,
      server(true, () => res(500, { detail: 'boom', code: 'INTERNAL' })),
    );
    expect(await screen.findByText('Authentication Failed')).toBeTruthy();
    expect(screen.getByText('Failed to fetch user data')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(window.location.search).toBe('');
  });

  test('a token with a user that is not a user: Failed to process user data', async () => {
    renderAt(`/auth/google/callback?token=${accessToken()}&user=%7Bnot-json`, server(true));
    expect(await screen.findByText('Authentication Failed')).toBeTruthy();
    expect(screen.getByText('Failed to process user data')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
