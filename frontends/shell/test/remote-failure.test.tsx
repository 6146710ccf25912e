/**
 * The whole shell (Root, its routes and session) with a remote that cannot be loaded: the failure
 * stays in the content area, the frame (menu, Logout, top bar) stays usable, and 'Try Again' loads
 * the remote without reloading the page. Also: a session whose tokens vanished ends on sign-in.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../test-support/render';
import { res, viewportWidth } from '../../test-support/helpers';
import type { CorestoneClient } from '@corestone/sdk';
import { Root } from '../src/App';
import { MANIFEST_URL } from '../src/federation';
import { breaking, lastProps, modules, unreachable } from './federation-runtime-stub';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const student = { id: 'u1', email: 'ann@school.org', name: 'Ann Lee', user_type: 'student', essay_credits: 1, max_essay_credits: 1 };
const admin = { id: 'a1', email: 'ada@corestone.org', name: 'Ada Admin', user_type: 'admin', essay_credits: 0, max_essay_credits: 0 };
const manifest = { remotes: { student: { url: '/mf/student/remoteEntry.js' }, admin: { url: '/mf/admin/remoteEntry.js' } } };
const entry = (remote: string) => `${window.location.origin}/mf/${remote}/remoteEntry.js`;

const OFFLINE_TEXT = 'Please check your connection and try again in a moment.';
let restoreWidth: () => void = () => undefined;

beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // the failures are logged for operators
});
afterEach(() => {
  restoreWidth();
  unreachable.clear();
  breaking.clear();
  modules.clear();
});

/** The shell at `path` for a signed-in `user`, its server answering /auth/me with that user. */
function renderShell(path: string, user: object, width = 1366) {
  restoreWidth = viewportWidth(width);
  localStorage.clear();
  localStorage.setItem('access_token', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('refresh_token', 'r1');
  localStorage.setItem('user', JSON.stringify(user));
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (String(url) === MANIFEST_URL) return res(200, manifest);
    if (String(url).endsWith('/external_links/public')) return res(200, { links: [] }); // the public header's
    const authorized = Boolean((init.headers as Record<string, string> | undefined)?.Authorization);
    if (!authorized) return res(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
    if (String(url).endsWith('/auth/me')) return res(200, user);
    return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
  }) as typeof fetch;
  window.history.pushState({}, '', path);
  render(<Root splash={false} />);
}

describe('a remote that cannot be loaded', () => {
  test('the dashboard keeps its menu, Logout and top bar; Try Again loads the remote without a reload', async () => {
    unreachable.add(entry('student'));
    renderShell('/dashboard', student);

    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
    expect(await screen.findByTestId('fallback-frame')).toBeTruthy();
    const menu = screen.getByRole('menu', { name: 'Dashboard' });
    for (const item of ['Overview', 'Upload EE', 'Upload TOK', 'Plans', 'Profile', 'Submissions'])
      expect(within(menu).getByText(item)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Logout/ })).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['This part of Corestone could not be loaded']);

    unreachable.delete(entry('student'));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('remote')).textContent).toBe('student/DashboardApp');
    expect(screen.queryByTestId('fallback-frame')).toBeNull(); // the remote draws its own frame again
  });

  test("the frame's menu is the remote's own navigation when that still loads (a remote released after the shell)", async () => {
    // (before any other test loads 'student/navigation': a loaded module is kept for the page's life,
    // so the later tests here see this menu too; they only look for the menu itself)
    breaking.add('student');
    modules.set('student/navigation', {
      default: {
        label: 'Dashboard',
        items: [
          { key: 'overview', icon: 'appstore', label: 'Overview', path: '/dashboard' },
          { key: 'tutorials', icon: 'read', label: 'Tutorials', path: '/dashboard/tutorials' },
          { key: 'plans', icon: 'credit-card', label: 'Plans', path: '/dashboard/plans', roles: ['teacher'] },
        ],
      },
    });
    renderShell('/dashboard/tutorials', student);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
    const menu = await screen.findByRole('menu', { name: 'Dashboard' });
    await waitFor(() => expect(within(menu).getByText('Tutorials')).toBeTruthy());
    expect(within(menu).queryByText('Upload EE')).toBeNull();
    expect(within(menu).queryByText('Plans')).toBeNull(); // for teachers only, in this menu
    expect(within(menu).getByText('Tutorials').closest('li')?.className).toMatch(/selected/);
  });

  test('a screen of the remote that breaks while loading shows the retry screen inside the frame', async () => {
    breaking.add('student');
    renderShell('/dashboard/submissions', student);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
    expect(await screen.findByRole('menu', { name: 'Dashboard' })).toBeTruthy();

    breaking.delete('student');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('remote')).textContent).toBe('student/DashboardApp');
  });

  test('the back office keeps its menu; choosing a page there tries the remote again', async () => {
    unreachable.add(entry('admin'));
    renderShell('/admin', admin);
    expect(await screen.findByText('The admin area could not be loaded')).toBeTruthy();
    const menu = await screen.findByRole('menu', { name: 'Admin' });
    expect(within(menu).getByText('Policies & CMS')).toBeTruthy();

    unreachable.delete(entry('admin'));
    fireEvent.click(within(menu).getByText('Users'));
    expect((await screen.findByTestId('remote')).textContent).toBe('admin/AdminApp');
    expect(window.location.pathname).toBe('/admin/users');
  });

  test("on a phone the menu sits behind the top bar's menu button", async () => {
    breaking.add('student'); // (loaded by the first test: its entry is not fetched again)
    renderShell('/dashboard', student, 375);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('menu', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('a session whose tokens vanished', () => {
  test("the next call sends the person to sign in with the session-expired text, not the server's", async () => {
    renderShell('/dashboard', student);
    await screen.findByTestId('remote');
    const client = lastProps.get('student/DashboardApp')!.client as CorestoneClient;
    // both tokens removed behind this tab's back (no storage event reaches it)
    localStorage.removeItem('access_token');
    localStorage.removeItem('refresh_token');
    await act(async () => {
      await client.evaluations.get('e1').catch(() => undefined);
    });
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Session expired. Please log in again.')).toBeTruthy();
    expect(screen.queryByText('Not authenticated')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
