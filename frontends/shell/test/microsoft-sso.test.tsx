import { act, fireEvent, screen } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { SSO_MESSAGES } from '@corestone/contracts/sso-texts';
import { createClient } from '@corestone/sdk';
import { SessionProvider } from '../src/session';
import { AuthPage } from '../src/pages/AuthPage';
import { browserNavigation, ssoRefusalText } from '../src/auth/google';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

/** Issue 32: "Sign in with Microsoft" beside Google, a refused school sign-in's text, and a school that requires SSO. */
function renderAt(url: string, providers: { google: boolean; microsoft?: boolean }, login?: () => Response) {
  localStorage.clear();
  window.history.replaceState(null, '', url);
  const f = fakeFetch((c: Call) => {
    const p = c.url.replace('/api/v1', '').split('?')[0];
    if (p === '/auth/providers') return res(200, providers);
    if (p === '/auth/login' && login) return login();
    if (p === '/auth/me') return res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  });
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntApp>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider client={client}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

afterEach(() => jest.restoreAllMocks());

test('Sign in with Microsoft is shown beside Google when configured and navigates the whole page to the SSO start', async () => {
  const go = jest.spyOn(browserNavigation, 'go').mockImplementation(() => {});
  renderAt('/auth', { google: true, microsoft: true });
  const button = await screen.findByTestId('microsoft-login');
  expect(button.textContent).toContain('Sign in with Microsoft');
  expect(screen.getByTestId('google-login').textContent).toContain('Continue with Google');
  fireEvent.click(button);
  expect(go).toHaveBeenCalledWith('/api/v1/auth/sso/microsoft/start');
});

test('Microsoft alone is shown without Google, and neither when the server offers none', async () => {
  renderAt('/auth', { google: false, microsoft: true });
  expect(await screen.findByTestId('microsoft-login')).toBeTruthy();
  expect(screen.queryByTestId('google-login')).toBeNull();
});

test('hidden when not configured (or on an older server that does not say)', async () => {
  const f = renderAt('/auth', { google: true });
  await screen.findByTestId('google-login');
  expect(f.calls.some((c) => c.url.includes('/auth/providers'))).toBe(true);
  expect(screen.queryByTestId('microsoft-login')).toBeNull();
});

test('/auth?error=sso&reason=… shows the refusal’s clear text, and an unknown reason the general one', async () => {
  renderAt('/auth?error=sso&reason=SSO_UNKNOWN_TENANT', { google: true, microsoft: true });
  expect(await screen.findByText('Sign-in failed')).toBeTruthy();
  expect(screen.getByText(SSO_MESSAGES.SSO_UNKNOWN_TENANT)).toBeTruthy();
  expect(ssoRefusalText('SOMETHING_ELSE')).toBe(SSO_MESSAGES.SSO_FAILED);
  expect(ssoRefusalText(null)).toBe(SSO_MESSAGES.SSO_FAILED);
});

test('a password sign-in refused because the school requires SSO says so', async () => {
  renderAt('/auth', { google: true, microsoft: true }, () => res(403, { detail: SSO_MESSAGES.SSO_REQUIRED, code: 'SSO_REQUIRED' }));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@school.org' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password-1' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('auth-submit'));
  });
  expect(await screen.findByText('School sign-in required')).toBeTruthy();
  expect(screen.getByText(SSO_MESSAGES.SSO_REQUIRED)).toBeTruthy();
});
